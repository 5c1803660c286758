import type {MediaField, TextField} from '../data.js';
import {assertObject, invalidOption, rejectUnknownKeys} from '../option-checks.js';

/** The default fields of `data` that `meta` turns on and off. */
export type MetaField = TextField | MediaField;

/** Every default field, in the order `data` lists them. */
export const metaFields: readonly MetaField[] = [
  'title', 'description', 'lang', 'author', 'publisher', 'date', 'url', 'image', 'logo', 'video', 'audio',
];

/**
 * `meta` as given: `true` (every default field), `false` (none), or per field. In the object form,
 * keys that are all `true` mean "only these"; a `false` key means "all but these".
 */
export type MetaOptions = boolean | Partial<Record<MetaField, boolean>>;

/**
 * Widens `meta` to one switch per default field (as the hosted service reads it).
 * @throws LinkpeekError EINVALOPTION naming `meta` or `meta.<field>`
 */
export function normalizeMeta(meta: MetaOptions | undefined): Record<MetaField, boolean> {
  if (meta === undefined || typeof meta === 'boolean') {
    return Object.fromEntries(metaFields.map((field) => [field, meta ?? true])) as Record<MetaField, boolean>;
  }
  assertObject(meta, 'meta');
  rejectUnknownKeys(meta, metaFields, 'meta.');
  const given = Object.entries(meta).filter(([, value]) => value !== undefined);
  for (const [field, value] of given) {
    if (typeof value !== 'boolean') throw invalidOption(`meta.${field}`, 'must be a boolean', value);
  }
  const onlyTheseOn = given.length > 0 && given.every(([, value]) => value === true);
  return Object.fromEntries(
    metaFields.map((field) => [field, meta[field] ?? !onlyTheseOn]),
  ) as Record<MetaField, boolean>;
}

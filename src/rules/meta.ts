import type {Candidates, LinkData, MediaField, TextField} from '../data.js';
import {assertObject, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {mediaFields, metaFields as fieldList} from '../shared/meta-fields.js';

/** The default fields of `data` that `meta` turns on and off. */
export type MetaField = TextField | MediaField;

/** Every default field, in the order `data` lists them. */
export const metaFields: readonly MetaField[] = fieldList;

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

/** Candidates with nothing found: what a page gives when `meta` turns every field off. */
export function emptyCandidates(): Candidates {
  return {title: null, description: null, lang: null, author: null, publisher: null, date: null, datePublished: null, dateModified: null, url: null, image: [], logo: [], video: [], audio: []};
}

/** `candidates` with the fields `meta` turns off emptied, so nothing is pinged for them. */
export function keepMetaFields(candidates: Candidates, meta: Record<MetaField, boolean>): Candidates {
  const kept = {...candidates};
  for (const field of metaFields) {
    if (meta[field]) continue;
    if (isMediaField(field)) kept[field] = [];
    else kept[field] = null;
  }
  return kept;
}

/** `data` with the fields `meta` turns off set to `null` (ping falls back to the page URL for `url`). */
export function nullSkippedFields(data: LinkData, meta: Record<MetaField, boolean>): LinkData {
  const kept = {...data};
  for (const field of metaFields) if (!meta[field]) kept[field] = null;
  return kept;
}

/**
 * Fills the fields the page left empty (and `meta` keeps) from another source, such as an oEmbed
 * answer: text fields when `null`, `image` when the page had no candidate.
 */
export function fillEmptyFields(
  candidates: Candidates,
  found: Partial<Record<'title' | 'author' | 'publisher' | 'image', string>>,
  meta: Record<MetaField, boolean>,
): Candidates {
  const filled = {...candidates};
  for (const field of ['title', 'author', 'publisher'] as const) {
    const value = found[field];
    if (meta[field] && filled[field] === null && value) filled[field] = value;
  }
  if (meta.image && filled.image.length === 0 && found.image) filled.image = [found.image];
  return filled;
}

function isMediaField(field: MetaField): field is MediaField {
  return mediaFields.has(field);
}

import {assertObject, closestName, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {costlyMarkers, markerKey, markerKeys} from './markers.js';
import {defaultWallSignatures, type TextPattern, type WallMarker, type WallSignature, wallKinds} from './signatures.js';

/** The `walls` option of the trusted config: which walls are told apart from pages. */
export interface WallsOptions {
  /**
   * Signatures of your own, tried before the defaults (first match wins); one with the `id` of a
   * default replaces it. See docs/walls.md for the markers.
   */
  signatures?: readonly WallSignature[];
  /** Ids of default (or own) signatures to leave out, e.g. `['paywall-barrier']`. */
  disable?: readonly string[];
  /**
   * Whether the generic signals (captcha widgets, challenge, login and consent wordings, the shape
   * of an interstitial…) name walls no signature names, weighed against evidence of a real page.
   * @default true
   */
  generic?: boolean;
}

/** The wall options of the trusted config (part of `ExtractorConfig`). */
export interface WallsConfigInput {
  /**
   * How walls (consent pages, bot challenges, login walls, paywall barriers, 429s) are detected:
   * extra signatures and ids to leave out; `false` detects none.
   * @default the signatures of `defaultWallSignatures`
   */
  walls?: WallsOptions | false;
}

/** The wall options resolved: the one table detectWall reads, in the order rows are tried, and whether the generic signals are weighed. */
export interface WallsConfig {
  wallSignatures: readonly WallSignature[];
  wallGeneric: boolean;
}

const signatureKeys = ['id', 'kind', 'vendor', 'all', 'some', 'min', 'none'] as const;
// The keys that go with a marker's own key: `{header, value}`, `{meta, value}`, `{link, href}`.
const companions: Record<string, string | undefined> = {header: 'value', meta: 'value', link: 'href'};

/** Validates `walls` and builds the table: own signatures, then the defaults they do not replace, minus `disable`. @throws LinkpeekError EINVALOPTION */
export function normalizeWallsConfig(config: WallsConfigInput): WallsConfig {
  const {walls} = config;
  if (walls === undefined) return {wallSignatures: defaultWallSignatures, wallGeneric: true};
  if (walls === false) return {wallSignatures: Object.freeze([]), wallGeneric: false};
  assertObject(walls, 'walls');
  rejectUnknownKeys(walls, ['signatures', 'disable', 'generic'], 'walls.');
  if (walls.generic !== undefined && typeof walls.generic !== 'boolean') throw invalidOption('walls.generic', 'must be a boolean', walls.generic);
  const own = walls.signatures === undefined ? [] : checkArray(walls.signatures, 'walls.signatures').map((value, i) => checkSignature(value, `walls.signatures[${i}]`));
  const ownIds = new Set<string>();
  own.forEach((signature, i) => {
    if (ownIds.has(signature.id)) throw invalidOption(`walls.signatures[${i}].id`, `repeats the id \`${signature.id}\``, signature.id);
    ownIds.add(signature.id);
  });
  const table = [...own, ...defaultWallSignatures.filter((signature) => !ownIds.has(signature.id))];
  const known = table.map((signature) => signature.id);
  const disabled = new Set<string>();
  if (walls.disable !== undefined) {
    checkArray(walls.disable, 'walls.disable').forEach((id, i) => {
      const name = `walls.disable[${i}]`;
      if (typeof id !== 'string') throw invalidOption(name, 'must be a signature id (a string)', id);
      if (!known.includes(id)) {
        const closest = closestName(id, known);
        throw invalidOption(name, `names no signature${closest ? `. Did you mean \`${closest}\`?` : ''}`, id);
      }
      disabled.add(id);
    });
  }
  return {wallSignatures: Object.freeze(table.filter((signature) => !disabled.has(signature.id))), wallGeneric: walls.generic ?? true};
}

function checkArray(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) throw invalidOption(name, 'must be an array', value);
  return value;
}

function checkSignature(value: unknown, name: string): WallSignature {
  assertObject(value, name);
  rejectUnknownKeys(value, signatureKeys, `${name}.`);
  const row = value as Record<string, unknown>;
  if (typeof row.id !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(row.id)) {
    throw invalidOption(`${name}.id`, 'must be lowercase words joined by `-` (e.g. `acme-login`)', row.id);
  }
  if (typeof row.kind !== 'string' || !(wallKinds as readonly string[]).includes(row.kind)) {
    const closest = typeof row.kind === 'string' ? closestName(row.kind, wallKinds) : undefined;
    throw invalidOption(`${name}.kind`, `must be one of ${wallKinds.map((kind) => `'${kind}'`).join(', ')}${closest ? ` (did you mean '${closest}'?)` : ''}`, row.kind);
  }
  if (row.vendor !== undefined && (typeof row.vendor !== 'string' || row.vendor.trim() === '')) {
    throw invalidOption(`${name}.vendor`, 'must be a non-empty string', row.vendor);
  }
  const all = checkMarkers(row.all, `${name}.all`);
  // The gate: without a cheap marker, every answer would have its body searched.
  if (all.every((marker) => costlyMarkers.has(markerKey(marker)))) {
    throw invalidOption(`${name}.all`, 'must hold at least one marker that does not read the body (status, header, cookie, host, path, query, redirected, title or untitled)');
  }
  const signature: WallSignature = {id: row.id, kind: row.kind as WallSignature['kind'], all};
  if (row.vendor !== undefined) signature.vendor = row.vendor as string;
  if (row.some !== undefined) signature.some = checkMarkers(row.some, `${name}.some`);
  if (row.min !== undefined) {
    const most = signature.some?.length ?? 0;
    if (typeof row.min !== 'number' || !Number.isInteger(row.min) || row.min < 1 || row.min > most) {
      throw invalidOption(`${name}.min`, most === 0 ? 'needs `some` markers to count' : `must be an integer from 1 to ${most} (the number of \`some\` markers)`, row.min);
    }
    signature.min = row.min;
  }
  if (row.none !== undefined) signature.none = checkMarkers(row.none, `${name}.none`, true);
  return signature;
}

function checkMarkers(value: unknown, name: string, mayBeEmpty = false): WallMarker[] {
  const markers = checkArray(value, name);
  if (markers.length === 0 && !mayBeEmpty) throw invalidOption(name, 'must hold at least one marker');
  return markers.map((marker, i) => checkMarker(marker, `${name}[${i}]`));
}

function checkMarker(value: unknown, name: string): WallMarker {
  assertObject(value, name);
  rejectUnknownKeys(value, [...markerKeys, 'value', 'href'], `${name}.`);
  const marker = value as Record<string, unknown>;
  const keys = markerKeys.filter((key) => key in marker);
  const key = keys[0];
  if (key === undefined || keys.length > 1) {
    throw invalidOption(name, `must hold exactly one of ${markerKeys.map((each) => `\`${each}\``).join(', ')}`);
  }
  for (const extra of ['value', 'href']) {
    if (extra in marker && companions[key] !== extra) throw invalidOption(`${name}.${extra}`, `does not go with \`${key}\``);
  }
  const field = `${name}.${key}`;
  const own = marker[key];
  switch (key) {
    case 'status': {
      const statuses = Array.isArray(own) ? own : [own];
      if (statuses.length === 0 || statuses.some((status) => typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 999)) {
        throw invalidOption(field, 'must be an HTTP status (100-999) or an array of them', own);
      }
      return {status: Array.isArray(own) ? [...(own as number[])] : (own as number)};
    }
    case 'redirected':
    case 'untitled':
      if (own !== true) throw invalidOption(field, 'must be true', own);
      return key === 'redirected' ? {redirected: true} : {untitled: true};
    case 'header':
    case 'cookie':
    case 'meta':
    case 'link': {
      if (typeof own !== 'string' || own.trim() === '') throw invalidOption(field, 'must be a non-empty string', own);
      const companion = companions[key];
      const extra = companion === undefined ? undefined : marker[companion];
      const checked = extra === undefined ? {} : {[companion as string]: checkPattern(extra, `${name}.${companion}`)};
      return {[key]: own, ...checked} as WallMarker;
    }
    default:
      return {[key]: checkPattern(own, field)} as WallMarker;
  }
}

function checkPattern(value: unknown, name: string): TextPattern {
  if (typeof value === 'string' && value !== '') return value;
  if (value instanceof RegExp) {
    // `g` and `y` make test() remember where it stopped: the next answer would be read from there.
    if (value.global || value.sticky) throw invalidOption(name, 'must not have the `g` or `y` flag', String(value));
    return value;
  }
  throw invalidOption(name, 'must be a non-empty string or a RegExp', value);
}

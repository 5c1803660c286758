// The `requestProfiles` config option: its type, defaults and validation. Trusted config, set once
// by the embedding app; never built from request input.
import {assertObject, closestName, invalidOption, rejectUnknownKeys} from '../option-checks.js';
import {LinkpeekError} from '../errors.js';
import {refusedHeaders} from './options.js';
import {defaultRequestProfiles, type ProfileUse, type RequestProfile} from './request-profiles.js';

/** One entry of `requestProfiles`: a new profile, or the fields that replace a default one's. */
export type RequestProfileInput = Partial<Omit<RequestProfile, 'id'>>;

/**
 * `requestProfiles` in the config: by id, an object that adds a profile (a new id: `hosts` and
 * `use` required) or replaces fields of a default one (a default's id), or `false` to turn a default
 * off. `false` for the whole option turns every default off.
 * @example { 'google-consent': false, intranet: { hosts: ['wiki.corp.example'], cookies: { sso: 'x' }, use: 'first', why: 'our wiki' } }
 */
export type RequestProfilesConfig = false | Record<string, RequestProfileInput | false>;

/** The request-profile option of the trusted config (part of `ExtractorConfig`). */
export interface ProfileConfigInput {
  /**
   * Request profiles by id: add one, change a shipped one's fields, or `false` to turn one off;
   * `false` turns every shipped profile off.
   * @default the shipped profiles (`defaultRequestProfiles`)
   */
  requestProfiles?: RequestProfilesConfig;
}

/** {@link ProfileConfigInput} resolved: the profiles in force, new ones first. */
export interface ProfileConfig {
  requestProfiles: RequestProfile[];
}

/** Validates `requestProfiles` and fills the default. @throws LinkpeekError EINVALOPTION */
export function normalizeProfileConfig(config: ProfileConfigInput): ProfileConfig {
  return {requestProfiles: normalizeRequestProfiles(config.requestProfiles)};
}

/** The keys of one profile entry in config (its id is the key it sits under). */
export const profileKeys: readonly string[] = ['hosts', 'userAgent', 'acceptLanguage', 'cookies', 'headers', 'use', 'why'];


const uses: readonly ProfileUse[] = ['first', 'retry'];
// RFC 9110 token, for header and cookie names.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 6265 cookie-octet: printable ASCII but space, DQUOTE, comma, semicolon and backslash.
const cookieValue = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;
// What Node's HTTP client accepts in a header value: tab, printable ASCII, Latin-1.
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Validates `requestProfiles` and returns the profiles in force: new ones from the config first
 * (they win over a default on a shared host), then the defaults with the config's fields applied,
 * less the ones turned off.
 * @throws LinkpeekError EINVALOPTION, naming the profile and field, with a did-you-mean hint for an
 *   id close to a default's.
 */
export function normalizeRequestProfiles(value: unknown, name = 'requestProfiles'): RequestProfile[] {
  if (value === undefined) return defaultRequestProfiles.map(copyProfile);
  if (value === false) return [];
  assertObject(value, name);
  const defaults = new Map(defaultRequestProfiles.map((profile) => [profile.id, profile]));
  const added: RequestProfile[] = [];
  const changed = new Map<string, RequestProfile | false>();
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const path = `${name}.${id}`;
    const base = defaults.get(id);
    if (entry === false) {
      if (!base) throw unknownProfile(id, path, defaults);
      changed.set(id, false);
      continue;
    }
    assertObject(entry, path);
    rejectUnknownKeys(entry, profileKeys, `${path}.`);
    const input = entry as Record<string, unknown>;
    if (!base && (input.hosts === undefined || input.use === undefined)) {
      // A typo of a default's id would otherwise silently add a profile that matches nothing.
      const closest = closestName(id, [...defaults.keys()]);
      if (closest) throw unknownProfile(id, path, defaults);
      throw invalidOption(path, 'is a new profile: it needs `hosts` and `use`');
    }
    const profile = checkProfile(id, {...base, ...input}, path);
    if (base) changed.set(id, profile);
    else added.push(profile);
  }
  const kept = defaultRequestProfiles.flatMap((profile) => {
    const replaced = changed.get(profile.id);
    if (replaced === false) return [];
    return [replaced ?? copyProfile(profile)];
  });
  return [...added, ...kept];
}

function unknownProfile(id: string, path: string, defaults: Map<string, RequestProfile>): LinkpeekError {
  const closest = closestName(id, [...defaults.keys()]);
  const hint = closest ? ` Did you mean \`${closest}\`?` : ` Default profiles: ${[...defaults.keys()].map((key) => `\`${key}\``).join(', ')}.`;
  return new LinkpeekError('EINVALOPTION', `Option \`${path}\` names no default profile.${hint}`, {
    data: {[path]: 'names no default profile'},
  });
}

function checkProfile(id: string, input: Record<string, unknown>, path: string): RequestProfile {
  const profile: RequestProfile = {
    id,
    hosts: normalizeProfileHosts(input.hosts, `${path}.hosts`),
    use: checkUse(input.use, `${path}.use`),
    why: input.why === undefined ? 'Set in config.' : nonEmptyString(input.why, `${path}.why`),
  };
  if (input.userAgent !== undefined) profile.userAgent = headerString(input.userAgent, `${path}.userAgent`);
  if (input.acceptLanguage !== undefined) profile.acceptLanguage = headerString(input.acceptLanguage, `${path}.acceptLanguage`);
  if (input.cookies !== undefined) profile.cookies = checkCookies(input.cookies, `${path}.cookies`);
  if (input.headers !== undefined) profile.headers = checkHeaders(input.headers, `${path}.headers`);
  return profile;
}

/**
 * Host names for a profile or a proxy: a non-empty array of names or IP literals, each lowercased
 * and stripped of a leading `*.` or `.` (every entry covers its subdomains anyway).
 * @throws LinkpeekError EINVALOPTION
 */
export function normalizeProfileHosts(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidOption(name, 'must be a non-empty array of host names', value);
  return value.map((host, index) => {
    if (typeof host !== 'string') throw invalidOption(`${name}.${index}`, 'must be a host name', host);
    const trimmed = host.trim().toLowerCase().replace(/^\*?\./, '');
    let parsed: URL | undefined;
    try {
      parsed = new URL(`http://${trimmed}/`);
    } catch {
      parsed = undefined;
    }
    // Only a bare host (an IDN becomes its punycode form): no scheme, port, path or credentials.
    const bare = !/[/?#@\\\s]/.test(trimmed) && (!trimmed.includes(':') || trimmed.startsWith('[')) && parsed?.port === '';
    if (trimmed === '' || !parsed || !bare) throw invalidOption(`${name}.${index}`, 'must be a bare host name such as `example.com`', host);
    return parsed.hostname;
  });
}

function checkUse(value: unknown, name: string): ProfileUse {
  if (!uses.includes(value as ProfileUse)) throw invalidOption(name, "must be 'first' or 'retry'", value);
  return value as ProfileUse;
}

function nonEmptyString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidOption(name, 'must be a non-empty string', value);
  return value;
}

function headerString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '' || !headerValue.test(value)) {
    throw invalidOption(name, 'must be a non-empty single-line string of printable Latin-1 characters');
  }
  return value;
}

// Cookie and header values may be secrets: errors name them, never echo them.
function checkCookies(value: unknown, name: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidOption(name, 'must be an object of cookie names to values');
  const cookies: Record<string, string> = {};
  for (const [cookie, text] of Object.entries(value)) {
    if (!token.test(cookie)) throw invalidOption(`${name}.${cookie}`, 'is not a valid cookie name');
    if (typeof text !== 'string' || !cookieValue.test(text)) {
      throw invalidOption(`${name}.${cookie}`, 'must be a cookie value (printable ASCII without spaces, quotes, commas, semicolons or backslashes)');
    }
    cookies[cookie] = text;
  }
  return cookies;
}

function checkHeaders(value: unknown, name: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidOption(name, 'must be an object of header names to values');
  const headers: Record<string, string> = {};
  for (const [header, text] of Object.entries(value)) {
    const lower = header.toLowerCase();
    if (!token.test(lower)) throw invalidOption(`${name}.${header}`, 'is not a valid header name');
    if (refusedHeaders.has(lower) || lower.startsWith('proxy-')) throw invalidOption(`${name}.${header}`, 'may not be set by a profile');
    headers[lower] = headerString(text, `${name}.${header}`);
  }
  return headers;
}

function copyProfile(profile: RequestProfile): RequestProfile {
  return {
    ...profile,
    hosts: [...profile.hosts],
    ...(profile.cookies ? {cookies: {...profile.cookies}} : {}),
    ...(profile.headers ? {headers: {...profile.headers}} : {}),
  };
}

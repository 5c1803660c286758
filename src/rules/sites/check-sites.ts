import {assertObject, invalidOption, rejectUnknownKeys} from '../../option-checks.js';
import {metaFields} from '../meta.js';
import type {Rule} from '../rule-kit.js';
import type {PageKind, SiteField, SiteRules} from './site.js';

const siteKeys = ['id', 'hosts', 'kinds', 'rules', 'refuse', 'price', 'oembed'] as const;
// A domain (`shop.example`, `xn--bcher-kva.example`) or `name.*` (every public suffix).
const hostPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\*)$|^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.\*$/;

/**
 * Checks the config's own sites (`sites: [...]`) as they are written, so a typo is an EINVALOPTION
 * naming the key (`sites[0].rules.titel`, did you mean `title`?) when the extractor is made, not a
 * rule that silently never runs. The rules themselves are functions: only their shape is checked.
 * @throws LinkpeekError EINVALOPTION
 */
export function checkSites(value: unknown, name: string): SiteRules[] {
  if (!Array.isArray(value)) throw invalidOption(name, 'must be an array of sites (or false)', value);
  const ids = new Set<string>();
  return value.map((site, i) => {
    const checked = checkSite(site, `${name}[${i}]`);
    if (ids.has(checked.id)) throw invalidOption(`${name}[${i}].id`, `repeats the id \`${checked.id}\``, checked.id);
    ids.add(checked.id);
    return checked;
  });
}

function checkSite(value: unknown, name: string): SiteRules {
  assertObject(value, name);
  rejectUnknownKeys(value, siteKeys, `${name}.`);
  const site = value as Record<string, unknown>;
  if (typeof site.id !== 'string' || !/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/.test(site.id)) {
    throw invalidOption(`${name}.id`, 'must be a short lowercase id (e.g. `shop`, `my-shop`)', site.id);
  }
  if (!Array.isArray(site.hosts) || site.hosts.length === 0) throw invalidOption(`${name}.hosts`, 'must be a non-empty array of hosts', site.hosts);
  const hosts = site.hosts.map((host: unknown, i: number) => {
    if (typeof host !== 'string' || !hostPattern.test(host.toLowerCase())) {
      throw invalidOption(`${name}.hosts[${i}]`, 'must be a host (`shop.example`, covering its subdomains) or `name.*`', host);
    }
    return host.toLowerCase();
  });
  const checked: SiteRules = {id: site.id, hosts, rules: checkFields(site.rules, `${name}.rules`, checkRules) as SiteRules['rules']};
  if (site.refuse !== undefined) checked.refuse = checkFields(site.refuse, `${name}.refuse`, checkFunction) as SiteRules['refuse'];
  if (site.price !== undefined) checked.price = checkFunction(site.price, `${name}.price`) as SiteRules['price'];
  if (site.kinds !== undefined) checked.kinds = checkKinds(site.kinds, `${name}.kinds`);
  // The site's oEmbed source (`{parallel, endpoint?}`), passed on as given once its shape is checked.
  if (site.oembed !== undefined) Object.assign(checked, {oembed: checkOEmbed(site.oembed, `${name}.oembed`)});
  return checked;
}

/** An object keyed by card fields (did-you-mean on a typo), each value checked by `check`. */
function checkFields<T>(value: unknown, name: string, check: (value: unknown, name: string) => T): Partial<Record<SiteField, T>> {
  assertObject(value, name);
  rejectUnknownKeys(value, metaFields, `${name}.`);
  const out: Partial<Record<SiteField, T>> = {};
  for (const [field, entry] of Object.entries(value)) {
    if (entry !== undefined) out[field as SiteField] = check(entry, `${name}.${field}`);
  }
  return out;
}

function checkRules(value: unknown, name: string): Rule[] {
  if (!Array.isArray(value)) throw invalidOption(name, 'must be an array of rules (functions of the snapshot)', value);
  value.forEach((rule, i) => checkFunction(rule, `${name}[${i}]`));
  return [...(value as Rule[])];
}

function checkFunction<T>(value: T, name: string): T {
  if (typeof value !== 'function') throw invalidOption(name, 'must be a function', value);
  return value;
}

function checkOEmbed(value: unknown, name: string): object {
  assertObject(value, name);
  rejectUnknownKeys(value, ['parallel', 'endpoint'], `${name}.`);
  const {parallel, endpoint} = value as Record<string, unknown>;
  if (typeof parallel !== 'boolean') throw invalidOption(`${name}.parallel`, 'must be a boolean', parallel);
  if (endpoint !== undefined) checkFunction(endpoint, `${name}.endpoint`);
  return value;
}

function checkKinds(value: unknown, name: string): PageKind[] {
  if (!Array.isArray(value)) throw invalidOption(name, 'must be an array of `{kind, example}`', value);
  return value.map((entry, i) => {
    assertObject(entry, `${name}[${i}]`);
    rejectUnknownKeys(entry, ['kind', 'example'], `${name}[${i}].`);
    const {kind, example} = entry as Record<string, unknown>;
    if (typeof kind !== 'string' || kind === '') throw invalidOption(`${name}[${i}].kind`, 'must be a non-empty string', kind);
    if (typeof example !== 'string' || !/^https?:\/\//.test(example)) throw invalidOption(`${name}[${i}].example`, 'must be an http(s) URL', example);
    return {kind, example};
  });
}

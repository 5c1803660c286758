import type {LookupAddress} from 'node:dns';
import {isIP, type LookupFunction} from 'node:net';
import {LinkpeekError} from '../errors.js';
import type {AddressConfig} from './options.js';
import {allowsLocalhostNames, isLocalhostName} from './address.js';

/** The parts of the config the address guard needs. */
export type GuardConfig = AddressConfig;

/**
 * Resolves `hostname` and returns its addresses only when **every** one is allowed by
 * `config.allowAddress`. IP literals (with or without IPv6 brackets) are checked without a lookup.
 * Used to vet a host before handing it to something that connects on its own (the browser).
 * @throws LinkpeekError EFORBIDDENURL when any address is refused; EFETCH when the name does not resolve.
 */
export async function resolveAllowedAddresses(hostname: string, config: GuardConfig): Promise<LookupAddress[]> {
  try {
    return await lookupAllowed(hostname, config, {});
  } catch (error) {
    if (error instanceof LinkpeekError) throw error;
    throw new LinkpeekError('EFETCH', `The host \`${unbracket(hostname)}\` could not be resolved.`, {cause: error});
  }
}

/**
 * Builds a `dns.lookup`-compatible function for `http.Agent`/got: it resolves through
 * `config.dnsLookup`, refuses the connection unless every address is allowed, and hands the socket
 * exactly the vetted addresses, so the IP that was checked is the IP that is connected to (no
 * DNS-rebinding window). Answers both `all: true` callers (Node's `autoSelectFamily`) and
 * single-address callers. DNS errors are passed through unchanged (e.g. `ENOTFOUND`); a refused
 * address gives a `LinkpeekError` with code `EFORBIDDENURL`.
 */
export function createGuardedLookup(config: GuardConfig): LookupFunction {
  const guarded = (hostname: string, options: unknown, callback?: unknown): void => {
    const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const settings = (typeof options === 'object' && options !== null ? options : {}) as LookupSettings;
    const family = typeof options === 'number' ? options : familyOf(settings.family);
    lookupAllowed(hostname, config, {hints: settings.hints}).then(
      (addresses) => {
        const matching = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
        if (settings.all) {
          done(null, matching);
          return;
        }
        const first = matching[0];
        if (first === undefined) {
          done(notFound(hostname));
          return;
        }
        done(null, first.address, first.family);
      },
      (error: unknown) => done(error),
    );
  };
  return guarded as LookupFunction;
}

/**
 * Throws EFORBIDDENURL when `hostname` is an IP literal the policy refuses; names are left to the
 * guarded lookup. Node never calls `lookup` for an IP literal, so this check is the one that counts.
 * @throws LinkpeekError EFORBIDDENURL
 */
export function assertAllowedLiteral(hostname: string, config: Pick<GuardConfig, 'allowAddress'>): void {
  const address = unbracket(hostname);
  const family = isIP(address);
  if (family !== 0 && !config.allowAddress(address, family as 4 | 6)) throw forbidden(address);
}

/** The EFORBIDDENURL error for `host`; names the host only, never the resolved addresses. */
export function forbidden(host: string): LinkpeekError {
  return new LinkpeekError('EFORBIDDENURL', `The host \`${unbracket(host)}\` resolves to a forbidden address.`);
}

interface LookupSettings {
  family?: number | string;
  hints?: number;
  all?: boolean;
}

async function lookupAllowed(
  hostname: string,
  config: GuardConfig,
  options: {hints?: number | undefined},
): Promise<LookupAddress[]> {
  const host = unbracket(hostname);
  const literal = isIP(host);
  if (literal !== 0) {
    assertAllowedLiteral(host, config);
    return [{address: host, family: literal}];
  }
  // RFC 6761 loopback names: refused by name, so no DNS query for `localhost.` leaves the machine.
  if (isLocalhostName(host) && !allowsLocalhostNames(config.allowAddress)) throw forbidden(host);
  const addresses = await resolveAll(host, config.dnsLookup, options.hints);
  if (addresses.length === 0) throw notFound(host);
  // Every answer must pass: a name answering one public and one private address is refused, since
  // the socket (Happy Eyeballs, retries) may pick any of them.
  for (const {address, family} of addresses) {
    if (!config.allowAddress(address, family === 6 ? 6 : 4)) throw forbidden(host);
  }
  return addresses;
}

function resolveAll(hostname: string, lookup: LookupFunction, hints: number | undefined): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const options = hints === undefined ? {all: true as const} : {all: true as const, hints};
    lookup(hostname, options, (error, addresses) => {
      if (error) reject(error);
      else resolve(normalizeAnswer(addresses as unknown));
    });
  });
}

// A custom dnsLookup may ignore `all: true` and answer a single address string.
function normalizeAnswer(answer: unknown): LookupAddress[] {
  if (typeof answer === 'string') return [{address: answer, family: isIP(answer) || 4}];
  if (!Array.isArray(answer)) return [];
  return answer
    .filter((entry): entry is LookupAddress => typeof entry?.address === 'string')
    .map((entry) => ({address: entry.address, family: entry.family === 6 || isIP(entry.address) === 6 ? 6 : 4}));
}

function familyOf(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname});
}

/** A URL hostname without the brackets of an IPv6 literal (`[::1]` → `::1`). */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

import {lookup as dnsLookup} from 'node:dns';
import type {LookupFunction} from 'node:net';
import {optionalFunction} from '../option-checks.js';
import {isPublicAddress} from './address.js';

/** Decides whether the socket may connect to an address. Must return `true` only for allowed IPs. */
export type AddressPolicy = (address: string, family: 4 | 6) => boolean;

/** The address options of the trusted config (part of `ExtractorConfig`). */
export interface AddressConfigInput {
  /**
   * Address policy checked at connect time for the page, every redirect hop, every ping and every
   * browser request. Production code never sets it; tests and intranet deployments use it to reach
   * loopback or private hosts.
   * @default isPublicAddress
   * @example { allowAddress: (ip) => ip === '127.0.0.1' }
   */
  allowAddress?: AddressPolicy;
  /** DNS lookup used for every connection (same signature as `dns.lookup`). @default dns.lookup */
  dnsLookup?: LookupFunction;
}

/** What every guarded connection needs: the address policy and the DNS lookup, defaults filled in. */
export interface AddressConfig {
  allowAddress: AddressPolicy;
  dnsLookup: LookupFunction;
}

/** Validates the address options and fills their defaults. @throws LinkpeekError EINVALOPTION */
export function normalizeAddressConfig(config: AddressConfigInput): AddressConfig {
  optionalFunction(config.allowAddress, 'allowAddress');
  optionalFunction(config.dnsLookup, 'dnsLookup');
  return {
    allowAddress: config.allowAddress ?? isPublicAddress,
    dnsLookup: config.dnsLookup ?? (dnsLookup as LookupFunction),
  };
}

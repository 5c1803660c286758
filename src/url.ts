// CONTRACT STUB, to be replaced by the URL stage.
import type {AddressPolicy} from './options.js';
/** Parses and checks a target URL (spec §4.1 rules 1-7). @throws EINVALURL, EFORBIDDENURL */
export function validateUrl(input: unknown, allowAddress?: AddressPolicy): URL {
  void input; void allowAddress;
  throw new Error('not implemented');
}

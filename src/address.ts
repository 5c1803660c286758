// CONTRACT STUB, to be replaced by the address stage.
/** True when `address` (any IPv4/IPv6 textual form) is a public unicast address. */
export function isPublicAddress(address: string, family?: 4 | 6): boolean {
  void address; void family;
  throw new Error('not implemented');
}

// CONTRACT STUB, to be replaced by the parse stage.
/** What one htmlparser2 pass collects from a document. Plain, JSON-able data. */
export interface Snapshot {
  /** The first `<base href>` value, raw. */
  baseHref: string | null;
}
export function parseHtml(html: string): Snapshot {
  void html;
  throw new Error('not implemented');
}

/**
 * Whether a URL names a web app manifest by its file name: `site.webmanifest`, `manifest.json`,
 * `/manifest` (a query string allowed). The logo rules put such a `<link rel="manifest">` among the
 * logo candidates, where ping reads its icons; with ping off it is skipped, never returned as a
 * logo. A manifest under another name is not read. Shared by rules/ and ping/, hence in shared/.
 */
export function isWebManifestUrl(url: string): boolean {
  return /(?:\.webmanifest|(?:^|\/)manifest(?:\.json)?)(?:[?#]|$)/i.test(url.trim());
}

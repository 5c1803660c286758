/** A URL split into its address and the credentials it carried (`http://user:pass@host/`). */
export interface SplitUrl {
  /** A copy of the URL without `user:password@`. */
  url: URL;
  /**
   * The credentials as an HTTP Basic `authorization` header value (RFC 7617, UTF-8, the user
   * name and password percent-decoded), or `undefined` when the URL had none.
   */
  authorization: string | undefined;
}

/**
 * Takes the credentials out of a URL: what `http://user:pass@host/` means to a browser is "this
 * address, with Basic authentication". linkpeek sends them as an `authorization` header, which then
 * follows the caller-header rules (the requested origin only), and never lets the URL carry them on
 * into a result, an error, a log line or a cache key.
 * @example splitCredentials(new URL('https://ann:s%C3%A9same@example.com/')).authorization // 'Basic YW5uOnPDqXNhbWU='
 */
export function splitCredentials(input: URL): SplitUrl {
  const url = new URL(input.href);
  if (url.username === '' && url.password === '') return {url, authorization: undefined};
  const userPass = `${percentDecode(url.username)}:${percentDecode(url.password)}`;
  url.username = '';
  url.password = '';
  return {url, authorization: `Basic ${Buffer.from(userPass, 'utf8').toString('base64')}`};
}

/** True when the URL carries a user name or a password. */
export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

// WHATWG leaves a `%` that starts no valid escape as it is: decode what decodes, keep the rest.
function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

import {Agent as HttpAgent, type AgentOptions, type ClientRequestArgs, type IncomingHttpHeaders} from 'node:http';
import {Agent as HttpsAgent} from 'node:https';
import type {Socket} from 'node:net';
import {setMaxListeners} from 'node:events';
import {PassThrough, type Duplex, type Readable} from 'node:stream';
import got from 'got';
import {assertAllowedLiteral, createGuardedLookup, forbidden, type GuardConfig} from '../url/address-guard.js';
import type {Redirect} from '../data.js';
import type {Deadline} from '../deadline.js';
import {LinkpeekError, isLinkpeekError, stripCredentials} from '../errors.js';
import type {FetchConfig, RequestRelease} from './options.js';
import {splitCredentials} from '../url/credentials.js';
import {validateUrl} from '../url/validate-url.js';
import {assertProxiedTargetAllowed, proxyCovers, type ResolvedProxy} from './proxy.js';
import {createProxyAgents, type ProxyAgents} from './proxy-agent.js';
import {profileHeaders, type RequestProfile} from './request-profiles.js';

/** One request through {@link requestSafely}. */
export interface SafeRequest {
  method: 'GET' | 'HEAD';
  /** Caller headers, already validated by `normalizeOptions` (lowercase names). */
  headers: Record<string, string>;
  /** The call's time budget: the whole exchange, body included, must end before it. */
  deadline: Deadline;
  /**
   * Sent on every hop whose host is one of the profile's (user agent, Accept-Language, cookies,
   * headers; `headers` above win over it); hops to other hosts never see it.
   */
  profile?: RequestProfile | undefined;
  /**
   * Hops whose host the proxy covers go through it, each target first resolved and checked
   * against the address policy (the connect-time check then only sees the proxy).
   */
  proxy?: ResolvedProxy | null | undefined;
}

/** The final response of {@link requestSafely}, after redirects. */
export interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The redirect hops followed, in order. */
  redirects: Redirect[];
  /**
   * The decompressed body. Destroy it when done with it early; errors it emits are already
   * `LinkpeekError`s (ETIMEOUT when the deadline ends mid-body, EFETCH when the connection breaks).
   */
  body: Readable;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
// Caller headers are for the target (spec rule 9) and may carry credentials under any name
// (x-api-key, ...): only these harmless ones follow a redirect to another origin.
const portableHeaders = new Set(['user-agent', 'accept', 'accept-language']);
const defaultAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * Sends one GET or HEAD through the SSRF-safe transport shared by `fetchPage` and ping: every
 * connection (the first and each redirect hop) is checked against `config.allowAddress` on the
 * address actually connected to; redirects are followed here, at most `config.maxRedirects`, each
 * `Location` re-validated; the whole exchange ends with `request.deadline`. Credentials in `url`
 * (`http://user:pass@host/`) are sent as Basic authentication to that origin only, unless
 * `request.headers.authorization` is set; the returned `url` and `redirects` never carry them.
 * A `request.profile` adds its headers on the hops to its hosts, under the caller's; a
 * `request.proxy` carries the hops to the hosts it covers, each checked before it is asked of the
 * proxy (docs/security.md, "Through a proxy").
 * Resolves once the final response's headers arrive; the caller reads or destroys `body`.
 * @throws LinkpeekError EINVALURL (a hop is not http(s)), EFORBIDDENURL (a forbidden address),
 *   EMAXREDIRECTS, ETIMEOUT, EABORTED, EFETCH (DNS, refused, reset, TLS or protocol errors).
 */
export async function requestSafely(url: URL, request: SafeRequest, config: FetchConfig): Promise<SafeResponse> {
  const {deadline} = request;
  // Each request in flight adds two abort listeners (got's and the body's), all removed when it ends;
  // with concurrent pings on one deadline Node would warn on stderr past 10, which a library must not.
  setMaxListeners(0, deadline.signal);
  const redirects: Redirect[] = [];
  let method = request.method;
  // The same checks as for every hop: http(s) only, no forbidden IP literal. Credentials in the URL
  // become an `authorization` header (unless the caller sent one) that is then one of the caller's
  // headers: dropped on a redirect to another origin. No URL that leaves here carries them.
  const split = splitCredentials(validateUrl(url, config.allowAddress));
  const callerHeaders =
    split.authorization !== undefined && request.headers.authorization === undefined
      ? {...request.headers, authorization: split.authorization}
      : request.headers;
  // The caller headers still owed to the current hop: all of them on the first origin.
  let owed = callerHeaders;
  let current = split.url;
  for (;;) {
    const hop = await refusingHop(url, redirects.length > 0 ? current : null, async () => {
      assertAllowedLiteral(current.hostname, config);
      const proxy = request.proxy && proxyCovers(request.proxy, current.hostname) ? request.proxy : undefined;
      if (proxy) await assertProxiedTargetAllowed(current, deadline, config);
      const headers: Record<string, string> = {
        'user-agent': config.userAgent,
        accept: defaultAccept,
        ...profileHeaders(request.profile, current.hostname),
        ...owed,
      };
      const target = current;
      return gated(target, deadline, config, () => sendOnce(target, method, headers, deadline, config, proxy));
    });
    const location = hop.headers.location;
    if (!redirectStatuses.has(hop.statusCode) || location === undefined) {
      return {url: current.href, statusCode: hop.statusCode, headers: hop.headers, redirects, body: hop.body};
    }
    // A redirect body is never read: close it so a huge or endless one costs nothing (and its turn
    // at the gate ends now, before the next hop asks for one).
    hop.body.destroy();
    hop.endTurn?.();
    if (redirects.length >= config.maxRedirects) {
      throw new LinkpeekError('EMAXREDIRECTS', `The URL redirected more than ${config.maxRedirects} times.`, {
        url,
      });
    }
    redirects.push({statusCode: hop.statusCode, url: current.href});
    const from = current;
    const next = await refusingHop(url, 'location', async () => nextUrl(location, from, config));
    if (hop.statusCode === 303 && method !== 'HEAD') method = 'GET';
    if (next.origin !== current.origin) owed = Object.fromEntries(Object.entries(owed).filter(([name]) => portableHeaders.has(name)));
    current = next;
  }
}

/**
 * The caller headers still owed to the last URL of `chain` (the requested URL, each redirect hop,
 * the final URL), by the rule {@link requestSafely} applies: all of them while every URL shares one
 * origin, else only `user-agent`, `accept` and `accept-language`. Later requests made for the page
 * (pings, the screenshot browser) use this, so credentials dropped on a redirect to another origin
 * are not sent to that origin afterwards.
 */
export function headersAfterRedirects(headers: Record<string, string>, chain: readonly string[]): Record<string, string> {
  const origins = new Set(chain.map((href) => originOf(href)));
  if (origins.size <= 1 && !origins.has(undefined)) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => portableHeaders.has(name)));
}

function originOf(href: string): string | undefined {
  try {
    return new URL(href).origin;
  } catch {
    return undefined;
  }
}

interface Hop {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  /** Ends the hop's turn at the request gate now (else when its body closes). */
  endTurn?: () => void;
}

/**
 * Sends one hop in its turn at `config.requestGate`, when there is one: the turn is waited for
 * (within the deadline) before the request goes out, and ends when the hop's body closes (read to
 * its end, cut, or destroyed: a redirect's at once), or when the request fails before an answer.
 */
async function gated(url: URL, deadline: Deadline, config: FetchConfig, send: () => Promise<Hop>): Promise<Hop> {
  if (!config.requestGate) return send();
  if (deadline.signal.aborted) throw deadline.signal.reason;
  const turn = await config.requestGate(url, deadline.signal);
  let ended = false;
  const release: RequestRelease = (answer) => {
    if (ended) return;
    ended = true;
    turn(answer);
  };
  let hop: Hop;
  try {
    hop = await send();
  } catch (error) {
    release(null);
    throw error;
  }
  const answer = {statusCode: hop.statusCode, headers: hop.headers};
  if (hop.body.destroyed) release(answer);
  else hop.body.once('close', () => release(answer));
  return {...hop, endTurn: () => release(answer)};
}

function sendOnce(
  url: URL,
  method: 'GET' | 'HEAD',
  headers: Record<string, string>,
  deadline: Deadline,
  config: FetchConfig,
  proxy: ResolvedProxy | undefined,
): Promise<Hop> {
  if (deadline.signal.aborted) return Promise.reject(deadline.signal.reason);
  const agents = agentsFor(config);
  // Through a proxy, the socket connects to the proxy: the target's name is the proxy's to resolve.
  const route = proxy ? proxyAgentsFor(agents, proxy, config) : agents;
  return new Promise((resolve, reject) => {
    const stream = got.stream(url, {
      method,
      headers,
      agent: {http: route.http, https: route.https},
      ...(proxy ? {} : {dnsLookup: agents.lookup}),
      http2: false,
      followRedirect: false,
      retry: {limit: 0},
      decompress: true,
      throwHttpErrors: false,
      // A total limit, not an idle one: got's `request` timeout runs until the body's last byte.
      timeout: {request: Math.max(1, deadline.remaining())},
      signal: deadline.signal,
    });
    const failBeforeResponse = (error: unknown) => reject(toTransportError(error, url, deadline));
    stream.once('error', failBeforeResponse);
    stream.once('response', (response: {statusCode: number; headers: IncomingHttpHeaders}) => {
      stream.off('error', failBeforeResponse);
      resolve({statusCode: response.statusCode, headers: response.headers, body: guardBody(stream, url, deadline)});
    });
  });
}

// Hands the caller a plain stream whose errors are already LinkpeekErrors, and ties its life to
// the deadline: a trickling body is cut when the budget ends, whoever is reading it.
function guardBody(source: Duplex, url: URL, deadline: Deadline): Readable {
  const body = new PassThrough();
  const onAbort = () => body.destroy(deadline.signal.reason);
  source.on('error', (error) => body.destroy(toTransportError(error, url, deadline)));
  body.once('close', () => {
    deadline.signal.removeEventListener('abort', onAbort);
    // The consumer stopped early (truncation, ENOTHTML): drop the connection rather than drain it.
    if (!source.destroyed) source.destroy();
  });
  deadline.signal.addEventListener('abort', onAbort, {once: true});
  source.pipe(body);
  return body;
}

/**
 * Runs one step of a redirect chain; a refused address on a hop (`hop`, or the Location being
 * validated) is the target's doing, not the caller's: EFORBIDDENURL is kept, with the URL asked for
 * as `url`, the refused hop in `data.redirect`, and the target at fault (424, CLI exit 1).
 */
async function refusingHop<T>(asked: URL, hop: URL | 'location' | null, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const refused = isLinkpeekError(error) && error.code === 'EFORBIDDENURL' ? error : null;
    // validateUrl names the Location it refused in `url`.
    const where = hop === 'location' ? refused?.url : hop?.href;
    if (!refused || where === undefined) throw error;
    const shown = stripCredentials(where);
    return Promise.reject(
      new LinkpeekError('EFORBIDDENURL', `The URL \`${stripCredentials(asked)}\` redirected to \`${shown}\`, which is not a public address.`, {
        cause: refused,
        url: asked,
        data: {url: 'redirected to a private or reserved address', redirect: shown},
        fault: 'target',
      }),
    );
  }
}

function nextUrl(location: string, current: URL, config: FetchConfig): URL {
  let resolved: URL;
  try {
    // Node reads header bytes as latin1; a UTF-8 Location must be re-read as UTF-8 (as got does).
    resolved = new URL(Buffer.from(location, 'latin1').toString('utf8'), current);
  } catch (error) {
    throw new LinkpeekError('EINVALURL', `The redirect from \`${current.host}\` has an invalid Location.`, {
      cause: error,
      url: current,
    });
  }
  // Fetch spec: a Location without a fragment keeps the one of the URL that was requested.
  if (resolved.hash === '' && current.hash !== '') resolved.hash = current.hash;
  // Credentials a target writes into its Location are not the caller's: they are dropped, never sent.
  return splitCredentials(validateUrl(resolved.href, config.allowAddress)).url;
}

interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
  lookup: ReturnType<typeof createGuardedLookup>;
  /** The agents of each proxy used with this config; a caller's proxy's go when its options do. */
  proxies: WeakMap<ResolvedProxy, ProxyAgents>;
}

const agentsByConfig = new WeakMap<FetchConfig, Agents>();
const agentOptions: AgentOptions = {keepAlive: true, scheduling: 'lifo', timeout: 5_000};

// One pair of keep-alive agents per config, so connections are reused across calls and pings (a
// pool of sockets by config object, not data of a call).
function agentsFor(config: FetchConfig): Agents {
  let agents = agentsByConfig.get(config);
  if (!agents) {
    const guard: GuardConfig = {dnsLookup: config.dnsLookup, allowAddress: config.allowAddress};
    const lookup = createGuardedLookup(guard);
    const options: AgentOptions = {...agentOptions, lookup};
    agents = {http: new GuardedHttpAgent(options, guard), https: new GuardedHttpsAgent(options, guard), lookup, proxies: new WeakMap()};
    agentsByConfig.set(config, agents);
  }
  return agents;
}

// One pair of tunnel agents per proxy object and config: the config's proxy keeps its pool, a
// caller's per-call proxy lives as long as that call's options.
function proxyAgentsFor(agents: Agents, proxy: ResolvedProxy, config: FetchConfig): ProxyAgents {
  let route = agents.proxies.get(proxy);
  if (!route) {
    route = createProxyAgents(proxy, {dnsLookup: config.dnsLookup, allowAddress: config.allowAddress}, agentOptions);
    agents.proxies.set(proxy, route);
  }
  return route;
}

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;

class GuardedHttpAgent extends HttpAgent {
  readonly #guard: GuardConfig;
  constructor(options: AgentOptions, guard: GuardConfig) {
    super(options);
    this.#guard = guard;
  }
  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | undefined {
    return guardedConnection(options, callback, this.#guard, () => super.createConnection(options));
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  readonly #guard: GuardConfig;
  constructor(options: AgentOptions, guard: GuardConfig) {
    super(options);
    this.#guard = guard;
  }
  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | undefined {
    return guardedConnection(options, callback, this.#guard, () => super.createConnection(options));
  }
}

function guardedConnection(
  options: ClientRequestArgs,
  callback: ConnectionCallback | undefined,
  guard: GuardConfig,
  connect: () => Duplex | null | undefined,
): Duplex | undefined {
  const host = options.host ?? options.hostname ?? 'localhost';
  try {
    // Node skips `lookup` for IP literals, so they are checked here, before any socket exists.
    assertAllowedLiteral(host, guard);
  } catch (error) {
    // Agent#createSocket takes the error from the callback when nothing is returned.
    callback?.(error as Error, undefined as unknown as Duplex);
    return undefined;
  }
  const socket = connect() as Socket;
  // Belt and braces: check the peer actually connected to, before the request (or the TLS
  // ClientHello) is written; those writes wait on 'connect' listeners added after this one.
  socket.prependOnceListener('connect', () => {
    const address = socket.remoteAddress;
    const family = socket.remoteFamily === 'IPv6' ? 6 : 4;
    if (address === undefined || !guard.allowAddress(address, family)) socket.destroy(forbidden(host));
  });
  return socket;
}

/**
 * Maps an error from got or a socket to a LinkpeekError, keeping the original as `cause`.
 * Messages name the host only: never header values, never credentials.
 */
function toTransportError(error: unknown, url: URL, deadline: Deadline): LinkpeekError {
  const own = findInChain(error, isLinkpeekError);
  if (own) return own;
  if (deadline.signal.aborted && isLinkpeekError(deadline.signal.reason)) return deadline.signal.reason;
  const code = errorCode(error);
  const host = url.host;
  const fail = (message: string) => new LinkpeekError('EFETCH', message, {cause: error, url});
  if (code === 'ETIMEDOUT' || findInChain(error, (value) => (value as Error).name === 'TimeoutError')) {
    return new LinkpeekError('ETIMEOUT', `The target \`${host}\` took too long to respond.`, {cause: error, url});
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'EAI_FAIL') {
    return fail(`The host \`${url.hostname}\` could not be resolved.`);
  }
  if (code === 'ECONNREFUSED') return fail(`The target \`${host}\` refused the connection.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return fail(`The target \`${host}\` is unreachable.`);
  if (code !== undefined && /CERT|SSL|TLS|EPROTO|SIGNATURE/.test(code)) {
    return fail(`The TLS connection to \`${host}\` failed (${code}).`);
  }
  if (code?.startsWith('HPE_')) return fail(`The target \`${host}\` sent an invalid HTTP response.`);
  if (code !== undefined && /^Z_|BROTLI|^ERR__/.test(code)) {
    return fail(`The response from \`${host}\` could not be decompressed.`);
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return fail(`The target \`${host}\` closed the connection early.`);
  }
  return fail(`The target \`${host}\` could not be fetched${code ? ` (${code})` : ''}.`);
}

function findInChain<T>(error: unknown, match: (value: unknown) => value is T): T | undefined;
function findInChain(error: unknown, match: (value: unknown) => boolean): unknown;
function findInChain(error: unknown, match: (value: unknown) => boolean): unknown {
  let value = error;
  for (let depth = 0; depth < 8 && typeof value === 'object' && value !== null; depth++) {
    if (match(value)) return value;
    value = (value as {cause?: unknown}).cause;
  }
  return undefined;
}

// got copies the socket's code onto its own error, except where it keeps its own generic one.
function errorCode(error: unknown): string | undefined {
  const found = findInChain(error, (value) => {
    const code = (value as {code?: unknown}).code;
    return typeof code === 'string' && code !== 'ERR_GOT_REQUEST_ERROR';
  });
  return (found as {code?: string} | undefined)?.code;
}

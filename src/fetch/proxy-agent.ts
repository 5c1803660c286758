// The keep-alive agents that send requests through a proxy. hpagent opens a CONNECT tunnel to the
// target's host and port for http and https targets alike (TLS runs end to end inside it), so the
// proxy sees only `host:port`, never a header or a body.
import type {AgentOptions, ClientRequestArgs} from 'node:http';
import type {LookupFunction} from 'node:net';
import type {Duplex} from 'node:stream';
import {HttpProxyAgent, type HttpProxyAgentOptions, HttpsProxyAgent, type HttpsProxyAgentOptions} from 'hpagent';
import {assertAllowedLiteral, createGuardedLookup, type GuardConfig} from '../url/address-guard.js';
import {LinkpeekError, isLinkpeekError} from '../errors.js';
import {proxyName, type ResolvedProxy} from './proxy.js';

/** The pair of agents got uses for one proxy. */
export interface ProxyAgents {
  http: HttpProxyAgent;
  https: HttpsProxyAgent;
}

/**
 * Agents that tunnel through `proxy`. The proxy's name is resolved with `guard.dnsLookup`; a
 * caller's proxy (`fromCaller`) must also pass `guard.allowAddress`, as an IP literal or on every
 * address its name resolves to. Failures of the proxy itself (refused, closed, a CONNECT answered
 * with another status than 200) become `EFETCH` errors that name the proxy, never its credentials.
 */
export function createProxyAgents(proxy: ResolvedProxy, guard: GuardConfig, options: AgentOptions): ProxyAgents {
  const lookup: LookupFunction = proxy.fromCaller ? createGuardedLookup(guard) : guard.dnsLookup;
  // hpagent spreads these into the CONNECT request's options; its typings omit `lookup`.
  const proxyRequestOptions = {lookup} as unknown as HttpProxyAgentOptions['proxyRequestOptions'];
  const settings = {...options, proxy: proxy.url, proxyRequestOptions};
  return {http: new TunnelAgent(settings, proxy, guard), https: new TlsTunnelAgent(settings, proxy, guard)};
}

class TunnelAgent extends HttpProxyAgent {
  readonly #proxy: ResolvedProxy;
  readonly #guard: GuardConfig;
  constructor(options: HttpProxyAgentOptions, proxy: ResolvedProxy, guard: GuardConfig) {
    super(options);
    this.#proxy = proxy;
    this.#guard = guard;
  }
  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | undefined {
    // hpagent writes `CONNECT host:port`: an IPv6 literal needs its brackets there (RFC 9110
    // authority-form). Only here: the TLS agent below checks the certificate against `host`.
    const host = options.host ?? options.hostname ?? '';
    const tunnel = host.includes(':') && !host.startsWith('[') ? {...options, host: `[${host}]`} : options;
    connectThrough(this.#proxy, this.#guard, options, callback, (done) => super.createConnection(tunnel, done));
    return undefined;
  }
}

class TlsTunnelAgent extends HttpsProxyAgent {
  readonly #proxy: ResolvedProxy;
  readonly #guard: GuardConfig;
  constructor(options: HttpsProxyAgentOptions, proxy: ResolvedProxy, guard: GuardConfig) {
    super(options);
    this.#proxy = proxy;
    this.#guard = guard;
  }
  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | undefined {
    connectThrough(this.#proxy, this.#guard, options, callback, (done) => super.createConnection(options, done));
    return undefined;
  }
}

type ConnectionCallback = (error: Error | null, socket: Duplex) => void;

function connectThrough(
  proxy: ResolvedProxy,
  guard: GuardConfig,
  options: ClientRequestArgs,
  callback: ConnectionCallback | undefined,
  connect: (done: ConnectionCallback) => void,
): void {
  const fail = (error: unknown) => callback?.(proxyFailure(error, proxy, options), undefined as unknown as Duplex);
  try {
    // Node's http.request skips `lookup` for an IP literal: a caller's literal proxy is checked here.
    if (proxy.fromCaller) assertAllowedLiteral(proxy.url.hostname, guard);
  } catch (error) {
    fail(error);
    return;
  }
  connect((error, socket) => {
    if (error) fail(error);
    else callback?.(null, socket);
  });
}

function proxyFailure(error: unknown, proxy: ResolvedProxy, options: ClientRequestArgs): LinkpeekError {
  const name = proxyName(proxy);
  const target = `${options.host ?? options.hostname ?? ''}:${options.port ?? ''}`;
  if (isLinkpeekError(error)) {
    if (error.code !== 'EFORBIDDENURL') return error;
    return new LinkpeekError('EFORBIDDENURL', `The proxy \`${name}\` resolves to a forbidden address.`, {
      cause: error,
      data: {proxy: 'resolves to a forbidden address'},
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  const status = /^Bad response: (\d{3})$/.exec(message)?.[1];
  const code = (error as {code?: unknown}).code;
  let reason: string;
  if (status !== undefined) reason = `refused to connect to \`${target}\` (HTTP ${status})`;
  else if (message === 'Proxy timeout') reason = 'did not answer in time';
  else if (code === 'ECONNREFUSED') reason = 'refused the connection';
  else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') reason = 'could not be resolved';
  else if (code === 'ECONNRESET' || code === 'EPIPE') reason = 'closed the connection early';
  else reason = `could not be used${typeof code === 'string' ? ` (${code})` : ''}`;
  return new LinkpeekError('EFETCH', `The proxy \`${name}\` ${reason}.`, {cause: error, data: {proxy: reason}});
}

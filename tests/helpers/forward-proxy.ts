import {isIP, type LookupFunction} from 'node:net';
import {RequestError, Server} from 'proxy-chain';
import {isLoopbackAddress} from '../../src/url/address.js';
import {testHosts} from './policy.js';

/** One request the proxy was asked to forward (a CONNECT, or an absolute-form HTTP request). */
export interface ProxiedRequest {
  hostname: string;
  port: number;
  /** `false` for a CONNECT tunnel. */
  isHttp: boolean;
  username: string;
  password: string;
}

/** A real forward proxy (proxy-chain) on 127.0.0.1 that only ever connects to loopback. */
export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request it was asked to forward, refused ones included, in order. */
  requests: ProxiedRequest[];
  /** TCP connections accepted from clients. */
  readonly connections: number;
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Names the proxy resolves (to loopback addresses only). @default the tests' `testHosts` */
  names?: Record<string, string>;
  /**
   * Address the proxy's outbound connections leave from, so a site can tell a request that came
   * through it (`request.socket.remoteAddress`). @default '127.0.0.2'
   */
  localAddress?: string;
  /** Address the proxy listens on. @default '127.0.0.1' */
  host?: string;
  /** A status to refuse a request with (407 asks for credentials), or `undefined` to forward it. */
  refuse?: (request: ProxiedRequest) => number | undefined;
}

/** The address a site sees when a request came through a proxy started with the defaults. */
export const proxiedFrom = '127.0.0.2';

/**
 * Starts a forward proxy that supports CONNECT (https and tunnelled http) and plain absolute-form
 * HTTP. Belt and braces for the tests' loopback-only rule: it resolves names from `names` only,
 * answers ENOTFOUND for anything not on loopback, and refuses IP-literal targets off loopback
 * before connecting.
 */
export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const names = options.names ?? testHosts;
  const localAddress = options.localAddress ?? proxiedFrom;
  const requests: ProxiedRequest[] = [];
  const dnsLookup = ((hostname: string, lookupOptions: unknown, callback?: unknown) => {
    const done = (typeof lookupOptions === 'function' ? lookupOptions : callback) as (...args: unknown[]) => void;
    const all = typeof lookupOptions === 'object' && lookupOptions !== null && (lookupOptions as {all?: boolean}).all;
    const address = names[hostname.toLowerCase()];
    queueMicrotask(() => {
      if (!address || !isLoopbackAddress(address)) {
        done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
        return;
      }
      const family = isIP(address);
      if (all) done(null, [{address, family}]);
      else done(null, address, family);
    });
  }) as LookupFunction;
  const server = new Server({
    port: 0,
    host: options.host ?? '127.0.0.1',
    prepareRequestFunction: ({hostname, port, isHttp, username, password}) => {
      const request = {hostname, port, isHttp, username, password};
      requests.push(request);
      const literal = hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) !== 0 && !isLoopbackAddress(literal)) throw new RequestError('Only loopback targets in tests.', 403);
      const status = options.refuse?.(request);
      if (status !== undefined) throw new RequestError('Refused by the test proxy.', status);
      // proxy-chain types it as `typeof dns.lookup`, promisify helper included, which it never calls.
      return {dnsLookup: dnsLookup as unknown as typeof import('node:dns').lookup, localAddress: isIP(literal) === 6 || names[hostname.toLowerCase()]?.includes(':') ? undefined : localAddress};
    },
  });
  let connections = 0;
  server.server.on('connection', () => connections++);
  await server.listen();
  const url = `http://${options.host ?? '127.0.0.1'}:${server.port}`;
  return {
    url,
    port: server.port,
    requests,
    get connections() {
      return connections;
    },
    close: () => server.close(true),
  };
}

import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createChromiumProvider} from '../browser/chromium-provider.js';
import {createHandler, type HandlerConfig} from './handler.js';
import {LinkpeekError, toLinkpeekError} from '../errors.js';
import {createRedisCache} from './redis-cache.js';
import {answerClientError} from './client-error.js';

/** Options of {@link startEndpoint}. */
export interface EndpointOptions {
  /** TCP port; `0` picks a free one. @default 3000 */
  port?: number;
  /** Interface to listen on; use `0.0.0.0` to serve other machines. @default '127.0.0.1' */
  host?: string;
  /**
   * Handler config. When it has no `screenshotProvider`, one shared Chromium is used, launched on
   * the first screenshot or render (`prerender`) and closed by `close()`.
   */
  config?: HandlerConfig;
  /** Milliseconds `close()` waits for requests in flight before cutting them off. @default 10000 */
  drainTimeout?: number;
  /**
   * `redis://host:port` (or `rediss://`): share the result cache, and coalesce identical requests,
   * with every instance on this Redis (see `createRedisCache`). Replaces `config.cache`; closed by `close()`.
   */
  redis?: string;
}

/** A running endpoint. */
export interface Endpoint {
  /** `http://host:port/` */
  url: string;
  server: Server;
  /** Stops accepting connections, lets requests in flight finish (up to `drainTimeout`), closes the browser. */
  close(): Promise<void>;
}

/**
 * Serves {@link createHandler} on `node:http` with production timeouts: slow or idle clients are
 * cut off (headers 15 s, whole request 60 s, keep-alive 5 s).
 * @throws LinkpeekError EINVALOPTION when it cannot listen: the port is in use (`data.port`), needs
 *   privileges, or the host is not an address of this machine (`data.host`).
 */
export async function startEndpoint(options: EndpointOptions = {}): Promise<Endpoint> {
  const ownProvider = options.config?.screenshotProvider ? null : createChromiumProvider();
  if (options.redis !== undefined && !/^rediss?:\/\/[^\s]+$/i.test(options.redis)) {
    await ownProvider?.close();
    throw new LinkpeekError('EINVALOPTION', 'Option `redis` must be a redis:// or rediss:// URL.', {data: {redis: 'must be a redis:// URL'}});
  }
  const redis = options.redis === undefined ? null : createRedisCache(options.redis);
  const config: HandlerConfig = {
    ...options.config,
    ...(ownProvider ? {screenshotProvider: ownProvider} : {}),
    ...(redis ? {cache: redis} : {}),
  };
  const server = createServer(createHandler(config));
  // A request line or headers too large for node:http never reach the handler: answered here in
  // the documented JSON envelope instead of node's empty 431.
  server.on('clientError', (error, socket) => answerClientError(error, socket, config.errorDocsUrl));
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 3000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await ownProvider?.close();
    await redis?.close();
    throw listenError(error, port, host);
  }
  const shown = host.includes(':') ? `[${host}]` : host;
  const listening = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${listening}/`,
    server,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const grace = setTimeout(() => server.closeAllConnections(), options.drainTimeout ?? 10_000);
        grace.unref();
        await closed;
        clearTimeout(grace);
        await ownProvider?.close();
        await redis?.close();
      })()),
  };
}

/** Why `listen` failed, as an option error naming the port or host, instead of a bare socket error. */
function listenError(error: unknown, port: number, host: string): LinkpeekError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'EADDRINUSE') {
    return new LinkpeekError('EINVALOPTION', `Port ${port} is already in use on ${host}: pick another \`port\`.`, {
      cause: error,
      data: {port: 'is already in use'},
    });
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new LinkpeekError('EINVALOPTION', `Not allowed to listen on ${where}: ports below 1024 need privileges.`, {
      cause: error,
      data: {port: 'needs privileges'},
    });
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new LinkpeekError('EINVALOPTION', `Cannot listen on ${where}: \`host\` is not an address of this machine.`, {
      cause: error,
      data: {host: 'is not an address of this machine'},
    });
  }
  return toLinkpeekError(error);
}

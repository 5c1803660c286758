import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createChromiumProvider} from '../browser/chromium-provider.js';
import {createHandler, type HandlerConfig} from './handler.js';

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
 */
export async function startEndpoint(options: EndpointOptions = {}): Promise<Endpoint> {
  const ownProvider = options.config?.screenshotProvider ? null : createChromiumProvider();
  const config: HandlerConfig = {...options.config, ...(ownProvider ? {screenshotProvider: ownProvider} : {})};
  const server = createServer(createHandler(config));
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const {port} = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}/`,
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
      })()),
  };
}

import {createServer} from 'node:net';

/** A listener on 127.0.0.1 that accepts every connection and drops it at once. */
export interface BlackHoleProxy {
  /** `http://127.0.0.1:<port>`, for a browser context's `proxyServer`. */
  url: string;
  /** Stops listening; resolves once the server is closed. */
  close(): Promise<void>;
}

/**
 * Starts a {@link BlackHoleProxy} on a free port. Every capture's browser context uses it as its
 * proxy, so a request that escapes request interception (WebSocket, WebRTC over TCP) cannot reach
 * anything. It never keeps the process alive on its own.
 */
export async function listenBlackHole(): Promise<BlackHoleProxy> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const {port} = server.address() as {port: number};
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

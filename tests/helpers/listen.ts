import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {createHandler, type HandlerConfig} from '../../src/endpoint/handler.js';

/** A server listening on a loopback port: its base URL, and `close()` that ends open connections too. */
export interface Listening {
  base: string;
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 at a free port; `base` ends with `path`. */
export async function listen(server: Server, path = '/'): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return listening(server, path);
}

/** The {@link Listening} of a server already listening on a loopback port. */
export function listening(server: Server, path = '/'): Listening {
  const {port} = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `createHandler(config)` on node:http at a loopback port. */
export const startEndpoint = (config: HandlerConfig): Promise<Listening> => listen(createServer(createHandler(config)));

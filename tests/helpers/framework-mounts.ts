// The endpoint mounted in the frameworks built on the Web's Request/Response and in Fastify, for
// the endpoint contract suite (tests/endpoint/handler.test.ts runs it on each, next to node:http,
// Express and Koa). Each is the real framework on a real port of 127.0.0.1.
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {serve} from '@hono/node-server';
import Fastify from 'fastify';
import {Hono} from 'hono';
import type {HandlerConfig} from '../../src/endpoint/handler.js';
import {createFetchHandler} from '../../src/endpoint/fetch-handler.js';
import {linkpeek} from '../../src/endpoint/fastify-plugin.js';
import {listening} from './listen.js';

/** A running server with the endpoint at `base`. */
export interface Mounted {
  base: string;
  close: () => Promise<void>;
}

export type Mount = (config: HandlerConfig) => Promise<Mounted>;

/** Serves a Web handler with @hono/node-server (the Request/Response bridge Hono's Node users run on). */
export async function serveFetch(fetch: (request: Request) => Response | Promise<Response>, path: string): Promise<Mounted> {
  const server = await new Promise<Server>((resolve) => {
    const started = serve({fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(started as Server));
  });
  return listening(server, path);
}

export const frameworkMounts: [string, Mount][] = [
  ['the Web handler (createFetchHandler on @hono/node-server)', (config) => serveFetch(createFetchHandler(config), '/')],
  [
    'Hono (app.mount under /preview)',
    (config) => {
      const app = new Hono();
      app.mount('/preview', createFetchHandler(config));
      return serveFetch(app.fetch, '/preview');
    },
  ],
  [
    'Fastify (the plugin under the prefix /preview)',
    async (config) => {
      const app = Fastify();
      await app.register(linkpeek, {prefix: '/preview', ...config});
      await app.listen({port: 0, host: '127.0.0.1'});
      const {port} = app.server.address() as AddressInfo;
      return {
        base: `http://127.0.0.1:${port}/preview`,
        close: async () => {
          app.server.closeAllConnections();
          await app.close();
        },
      };
    },
  ],
];

// The endpoint as a Fastify plugin: `app.register(linkpeek, {prefix: '/preview', ...config})`.
// Its own entry point (`linkpeek/fastify`), so `import 'linkpeek'` never loads fastify-plugin and
// Fastify stays the app's own dependency.
import type {FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import {LinkpeekError} from '../errors.js';
import type {HandlerConfig} from './handler.js';
import {createRoute, type EndpointRoute} from './route.js';

/** The plugin's options: {@link HandlerConfig}, next to Fastify's own `prefix` (and `logLevel`). */
export interface LinkpeekFastifyOptions extends HandlerConfig {
  /** Where the endpoint answers, e.g. `'/preview'`: its root, with its assets under it. @default '' */
  prefix?: string;
}

// Keys Fastify itself reads from register's options: not the handler's.
const fastifyKeys = ['prefix', 'logLevel', 'logSerializers'] as const;

/**
 * Answers at the prefix (any method: GET and HEAD are answered, others 405) and serves the assets
 * under it. Errors worth logging (internal errors, cache store failures) go to Fastify's logger at
 * `error`, then to your `onError` if given. fastify-plugin names the plugin and checks the Fastify
 * version; the routes live in an inner plugin of their own so that `prefix` still applies.
 * @throws LinkpeekError EINVALOPTION at registration when the config is invalid.
 */
async function linkpeekPlugin(fastify: FastifyInstance, options: LinkpeekFastifyOptions): Promise<void> {
  const config: Record<string, unknown> = {...options};
  for (const key of fastifyKeys) delete config[key];
  const handlerConfig = config as HandlerConfig;
  const route = createRoute({
    ...handlerConfig,
    onError: (error: LinkpeekError) => {
      fastify.log.error({err: error, code: error.code}, `linkpeek: ${error.message}`);
      handlerConfig.onError?.(error);
    },
  });
  await fastify.register(
    async (routes) => {
      // The endpoint reads no request body: any body is accepted (and left unread), so every
      // method gets the endpoint's own 405, not a 415 from the parser.
      routes.removeAllContentTypeParsers();
      routes.addContentTypeParser('*', (_request, _payload, done) => done(null));
      routes.all('/', (request, reply) => answer(route, request, reply, '/'));
      routes.get('/*', (request, reply) => answer(route, request, reply, `/${(request.params as {'*': string})['*']}`));
    },
    {prefix: options.prefix ?? ''},
  );
}

async function answer(route: EndpointRoute, request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
  // A client that disconnects before its answer is written cancels its extraction (unless
  // another request waits for the same result).
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort(new LinkpeekError('EABORTED', 'The client disconnected.'));
  };
  reply.raw.once('close', onClose);
  try {
    const url = new URL(request.url, 'http://localhost');
    const answered = await route({path, method: request.method, searchParams: url.searchParams, headers: request.headers, signal: gone.signal});
    if (!answered) {
      reply.callNotFound();
      return reply;
    }
    return reply.code(answered.status).headers(answered.headers).send(answered.body);
  } finally {
    reply.raw.off('close', onClose);
  }
}

/** The linkpeek endpoint as a Fastify 5 plugin. */
export const linkpeek: FastifyPluginAsync<LinkpeekFastifyOptions> = fastifyPlugin(linkpeekPlugin, {fastify: '5.x', name: 'linkpeek'});

export default linkpeek;
export type {HandlerConfig} from './handler.js';

import type {IncomingMessage, ServerResponse} from 'node:http';
import {LinkpeekError, toErrorBody, toLinkpeekError} from '../errors.js';
import {createCore, type Core} from './core.js';
import type {QueryResponse} from './embed.js';
import type {HandlerConfig, QueryRequest} from './handler-config.js';
import {jsonType, plainFail} from './json-responses.js';
import {createRoute} from './route.js';

export {handlerConfigKeys, type HandlerConfig, type QueryRequest} from './handler-config.js';
export {createCore, type Core} from './core.js';
export type {QueryResponse} from './embed.js';

/**
 * Answers one query string (spec §4.1) without touching any framework object: the core that
 * {@link createHandler} wraps, and the one-liner for Koa:
 * `const r = await handleQuery(ctx.URL.searchParams, config, {method: ctx.method, headers: ctx.headers}); ctx.status = r.status; ctx.set(r.headers); ctx.body = r.body;`
 * Pass the same `config` object on every call: its cache and extractor are built once per object.
 * Every request error becomes a JSON error response.
 * @throws LinkpeekError EINVALOPTION (as a rejection) only when `config` itself is invalid.
 */
export async function handleQuery(
  searchParams: URLSearchParams,
  config: HandlerConfig = defaultConfig,
  request: QueryRequest = {},
): Promise<QueryResponse> {
  let core = cores.get(config);
  if (!core) {
    core = createCore(config);
    cores.set(config, core);
  }
  return core(searchParams, (request.method ?? 'GET').toUpperCase(), request.signal, request.headers);
}

const defaultConfig: HandlerConfig = {};
// One core per config object (its cache and extractor), as handleQuery promises: no request's data.
const cores = new WeakMap<HandlerConfig, Core>();

/**
 * Builds a `(request, response[, next])` listener for `node:http`, Express (also under
 * `app.use('/preview', handler)`: it reads `req.url` relative to the mount) and anything else with
 * Node's request and response. It answers GET and HEAD at the root of the mount; other paths go to
 * `next` when there is one, else 404. The dispatch is route.ts's, as for every other adapter.
 * @throws LinkpeekError EINVALOPTION when `config` is invalid (at once, not per request).
 */
export function createHandler(
  config: HandlerConfig = {},
): (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => Promise<void> {
  const route = createRoute(config);
  return async function linkpeekHandler(request, response, next) {
    try {
      await answerRequest(request, response, next);
    } catch (error) {
      // Only a bug gets here (the core never throws); answer it like any internal error.
      config.onError?.(toLinkpeekError(error));
      if (!response.headersSent) {
        response.writeHead(500, {'content-type': jsonType, 'cache-control': 'no-store'});
        response.end(JSON.stringify(toErrorBody(error, config.errorDocsUrl)));
      } else response.destroy();
    }
  };

  async function answerRequest(request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // A client that disconnects before its answer is written cancels its extraction (unless
    // another request waits for the same result).
    const gone = new AbortController();
    const onClose = () => {
      if (!response.writableFinished) gone.abort(new LinkpeekError('EABORTED', 'The client disconnected.'));
    };
    response.once('close', onClose);
    let routed: QueryResponse | undefined;
    try {
      routed = await route({path: url.pathname, method: request.method ?? 'GET', searchParams: url.searchParams, headers: request.headers, signal: gone.signal});
    } finally {
      response.off('close', onClose);
    }
    if (routed !== undefined && (gone.signal.aborted || response.destroyed)) return;
    if (routed === undefined && next) {
      next();
      return;
    }
    const answer = routed ?? plainFail(404, 'Not found: linkpeek answers at the root of its mount.');
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    response.writeHead(answer.status, {...answer.headers, 'content-length': String(body.byteLength)});
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

// The endpoint on the Web's own types: `(request: Request) => Promise<Response>`, for the frameworks
// built on them (Hono, Next.js route handlers, Remix/React Router, SvelteKit, Nuxt/h3, Elysia) and
// for Deno-style servers. A thin mapping over route.ts, the same dispatch and core as createHandler.
import {toErrorBody, toLinkpeekError} from '../errors.js';
import {invalidOption} from '../options.js';
import type {QueryResponse} from './embed.js';
import type {HandlerConfig} from './handler.js';
import {jsonType, plainFail} from './json-responses.js';
import {createRoute} from './route.js';

/** {@link HandlerConfig} plus where the Web handler is mounted. */
export interface FetchHandlerConfig extends HandlerConfig {
  /**
   * The path the endpoint answers at: the root of the mount, with its assets (the playground's, the
   * card's, `screenshotPath`) under it. A framework that hands over the full URL needs it, e.g.
   * `'/api/preview'` for a Next.js route at `app/api/preview/route.ts`; one that strips its mount
   * (Hono's `app.mount`) does not. Other paths are answered 404.
   * @default '/'
   */
  basePath?: string;
}

/** A Web-standard request handler. Extra arguments (a framework's context) are ignored. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Builds the endpoint as a `(request: Request) => Promise<Response>`: the same answers as
 * {@link createHandler} (query model, cache, coalescing, errors, headers, `embed`, playground),
 * GET and HEAD at `basePath`; the request's `signal` cancels its extraction when the client goes
 * away (unless another request waits for the same result).
 * @throws LinkpeekError EINVALOPTION when `config` is invalid (at once, not per request).
 */
export function createFetchHandler(config: FetchHandlerConfig = {}): FetchHandler {
  const {basePath = '/', ...handlerConfig} = config;
  if (typeof basePath !== 'string' || !basePath.startsWith('/')) throw invalidOption('basePath', "must be a path starting with '/'", basePath);
  const base = basePath.replace(/\/+$/, '');
  const route = createRoute(handlerConfig);
  return async function linkpeekFetchHandler(request) {
    let answer: QueryResponse;
    try {
      const url = new URL(request.url);
      const under = url.pathname === base || url.pathname.startsWith(`${base}/`);
      const routed = under
        ? await route({
            path: url.pathname.slice(base.length),
            method: request.method,
            searchParams: url.searchParams,
            headers: headersOf(request.headers),
            signal: request.signal,
          })
        : undefined;
      answer = routed ?? plainFail(404, 'Not found: linkpeek answers at the root of its mount.');
    } catch (error) {
      // Only a bug gets here (the core never throws); answer it like any internal error.
      config.onError?.(toLinkpeekError(error));
      answer = {status: 500, headers: {'content-type': jsonType, 'cache-control': 'no-store'}, body: JSON.stringify(toErrorBody(error, config.errorDocsUrl))};
    }
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    const headers = new Headers(answer.headers);
    headers.set('content-length', String(body.byteLength));
    // Node's buffers are views of an ArrayBuffer (never a shared one): a body the Web types accept.
    return new Response(request.method.toUpperCase() === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {status: answer.status, headers});
  };
}

/** The request's headers as the core reads them (lowercase names, as `Headers` gives them). */
function headersOf(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => void (plain[name] = value));
  return plain;
}

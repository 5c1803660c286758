// Which answer a request to the endpoint gets, by its path under the mount: the one dispatch the
// Web handler (fetch-handler.ts) and the Fastify plugin share. Each branch calls the same functions
// createHandler calls (the core, the playground, the stored screenshots), so no adapter has a query
// model of its own.
import {invalidOption} from '../options.js';
import {endpointAsset} from './assets.js';
import {createCore} from './core.js';
import type {HandlerConfig} from './handler-config.js';
import type {QueryResponse} from './embed.js';
import type {RequestHeaders} from './parse-query.js';
import {playgroundAnswer, wantsPlayground} from './playground.js';
import {serveStoredScreenshot} from './stored-screenshots.js';

/** A request as an adapter hands it over, whatever its framework. */
export interface EndpointRequest {
  /** The path under the mount: `''` and `'/'` are the root, `'/playground.js'` an asset. */
  path: string;
  method: string;
  searchParams: URLSearchParams;
  /** Lowercase names (as node and the Web `Headers` give them). */
  headers: RequestHeaders;
  /** Aborts when the client went away. */
  signal?: AbortSignal;
}

/** Answers a request under the mount; `undefined` when the path is not the endpoint's (the caller's 404 or `next`). */
export type EndpointRoute = (request: EndpointRequest) => Promise<QueryResponse | undefined>;

/**
 * Builds the route of one endpoint: validates `config` at once (EINVALOPTION) and builds its core
 * (cache, coalescing, extractor) once.
 */
export function createRoute(config: HandlerConfig): EndpointRoute {
  const core = createCore(config);
  if (config.playground !== undefined && typeof config.playground !== 'boolean') throw invalidOption('playground', 'must be a boolean', config.playground);
  const playground = config.playground === true;
  const filesPath = config.screenshotDirectory && config.screenshotPath ? withSlashes(config.screenshotPath) : null;
  return async ({path, method: given, searchParams, headers, signal}) => {
    const method = given.toUpperCase();
    const readable = method === 'GET' || method === 'HEAD';
    const root = path === '' || path === '/';
    if (root) {
      const accept = headers.accept;
      if (playground && readable && wantsPlayground(Array.isArray(accept) ? accept.join(', ') : accept, searchParams)) return playgroundAnswer();
      return core(searchParams, method, signal, headers);
    }
    const asset = readable ? endpointAsset(path.slice(1), playground) : undefined;
    if (asset) return asset;
    if (filesPath && config.screenshotDirectory && `${path}`.startsWith(filesPath)) {
      return serveStoredScreenshot(config.screenshotDirectory, path.slice(filesPath.length), method);
    }
    return undefined;
  };
}

function withSlashes(path: string): string {
  const leading = path.startsWith('/') ? path : `/${path}`;
  return leading.endsWith('/') ? leading : `${leading}/`;
}

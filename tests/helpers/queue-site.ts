// The target of the queue-mode tests: a real HTTP server on 127.0.0.1 whose paths say how they answer.
//   /page/<n>?delay=MS   a page titled `queue /page/<n>` after MS ms (default 50)
//   /missing/<n>         404 (not worth a retry)
//   /down/<n>            500 every time (worth a retry, never succeeds)
//   /limited/<n>         429 with Retry-After: 1 every time (a rate limit)
import {startServer, type TestServer} from './server.js';

export interface QueueSite extends TestServer {
  /** Requests per path (query left out). */
  count(path: string): number;
}

export async function startQueueSite(): Promise<QueueSite> {
  const site = await startServer();
  site.server.removeAllListeners('request');
  site.server.on('request', (request, response) => {
    site.hits.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://x');
    const timer = setTimeout(
      () => {
        if (url.pathname.startsWith('/missing')) response.writeHead(404, {'content-type': 'text/html'}).end('gone');
        else if (url.pathname.startsWith('/down')) response.writeHead(500, {'content-type': 'text/html'}).end('down');
        else if (url.pathname.startsWith('/limited')) response.writeHead(429, {'content-type': 'text/html', 'retry-after': '1'}).end('slow down');
        else response.writeHead(200, {'content-type': 'text/html'}).end(`<title>queue ${url.pathname}</title><h1>h ${url.pathname}</h1>`);
      },
      Number(url.searchParams.get('delay') ?? 50),
    );
    response.on('close', () => clearTimeout(timer));
  });
  return Object.assign(site, {
    count: (path: string) => site.hits.filter((hit) => new URL(hit.split(' ')[1] ?? '/', 'http://x').pathname === path).length,
  });
}

// A tiny loopback web server for the examples: there is no internet here, so every example reads
// this bundled page. Run alone with `npx tsx examples/sample-site.ts`.
import {readFile} from 'node:fs/promises';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {extname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = fileURLToPath(new URL('./sample-site/', import.meta.url));
const types: Record<string, string> = {'.html': 'text/html; charset=utf-8', '.png': 'image/png'};
const files: Record<string, string> = {'/': 'index.html', '/cover.png': 'cover.png'};

/**
 * Demo plumbing shared by the endpoint examples: listens on 127.0.0.1 (`PORT`, else a free port, so
 * an example never fails on a busy 3000), prints the endpoint and a curl line for the sample page,
 * and closes both on SIGINT/SIGTERM.
 */
export function serveDemo(server: Server, site: {url: string; close: () => Promise<void>}, mount = '/'): void {
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const {port} = server.address() as AddressInfo;
    process.stdout.write(`Endpoint: http://127.0.0.1:${port}${mount}\n`);
    process.stdout.write(`Try: curl 'http://127.0.0.1:${port}${mount}?url=${encodeURIComponent(site.url)}'\n`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close();
      server.closeIdleConnections();
      void site.close();
    });
  }
}

/** Serves the sample page on 127.0.0.1 (a free port unless `port` is given). */
export async function startSampleSite(port = 0): Promise<{url: string; close: () => Promise<void>}> {
  const server = createServer(async (request, response) => {
    const name = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!name) return void response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
    const body = await readFile(join(root, name));
    response
      .writeHead(200, {'content-type': types[extname(name)] ?? 'application/octet-stream', 'content-length': body.byteLength})
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const site = await startSampleSite(Number(process.env.PORT ?? 0));
  process.stdout.write(`Sample site: ${site.url}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void site.close());
}

/**
 * The site of tests/fixtures/content-wait/ on 127.0.0.1: client-rendered pages whose content comes
 * late, in stages, never, or replaces the server's defaults, each with a network kept busy (see the
 * fixtures' README). The server notes which long polls it answered, so a test can tell what was
 * still pending when a render returned.
 */
import {readFileSync} from 'node:fs';
import {html, startServer, type Route, type TestServer} from './server.js';

const fixtures = new URL('../fixtures/content-wait/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, fixtures), 'utf8');
const png = readFileSync(new URL('../fixtures/media/sample.png', import.meta.url));

/** What each page's scripts write: what a render that waited long enough reads. */
export const contentWaitPages = {
  lateFetch: {
    path: '/late-fetch/',
    shellTitle: 'Loading',
    title: 'Night ferry to the islands: what to book',
    description: 'Cabins, deck places and the car deck, compared for the 22:40 sailing.',
    image: '/late-fetch/cover.png',
  },
  stages: {
    path: '/stages/',
    title: 'Blue kettle, 1.7 l | Shop',
    description: 'A 1.7 litre kettle with a blue enamel finish and a whistle.',
    image: '/stages/kettle.png',
  },
  never: {path: '/never/', title: 'Dashboard', description: 'Sign in to see your dashboard.'},
  defaults: {
    path: '/defaults/',
    siteTitle: 'Harbour Tours',
    title: 'Sunset tour of the lighthouses',
    description: 'Two hours past the three lighthouses of the outer harbour, leaving at 19:30.',
    image: '/defaults/sunset.png',
  },
} as const;

export interface ContentWaitSite extends TestServer {
  /** The pages (their `location.pathname`) whose long poll the server answered. */
  answeredPolls: string[];
  /** Whether the page at `path` asked for its long poll. */
  polled(path: string): boolean;
  /** Whether the page at `path` sent its beacon (2 s after `load`). */
  beaconed(path: string): boolean;
}

const script = (body: string): Route => (_request, response) =>
  void response.writeHead(200, {'content-type': 'text/javascript; charset=utf-8'}).end(body);
const pngRoute: Route = (_request, response) => void response.writeHead(200, {'content-type': 'image/png'}).end(png);

/** Answers `value` as JSON after `delay` ms (or never, if the client went away first). */
const json = (value: unknown, delay: number): Route => (_request, response) => {
  const timer = setTimeout(() => response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(value)), delay);
  response.on('close', () => clearTimeout(timer));
};

/** Never answers: the connection stays open until the browser drops it or the server closes. */
const held: Route = () => {};

/** Starts the site. */
export async function startContentWaitSite(): Promise<ContentWaitSite> {
  const answeredPolls: string[] = [];
  const {lateFetch, stages, defaults} = contentWaitPages;
  const routes: Record<string, Route> = {
    '/background.js': script(fixture('background.js')),
    // The long poll: held 5 s, as a server with nothing new to say does.
    '/api/updates': (request, response) => {
      const from = new URL(request.url ?? '/', 'http://x').searchParams.get('from') ?? '';
      const timer = setTimeout(() => {
        answeredPolls.push(from);
        response.writeHead(200, {'content-type': 'application/json'}).end('{"events":[]}');
      }, 5_000);
      response.on('close', () => clearTimeout(timer));
    },
    '/beacon': (_request, response) => void response.writeHead(204).end(),
    '/late-fetch/': html(fixture('late-fetch.html')),
    '/late-fetch/app.js': script(fixture('late-fetch.js')),
    '/late-fetch/api/page.json': json({title: lateFetch.title, description: lateFetch.description, image: lateFetch.image}, 300),
    '/late-fetch/cover.png': pngRoute,
    '/stages/': html(fixture('stages.html')),
    '/stages/app.js': script(fixture('stages.js')),
    '/stages/api/details': json({description: stages.description}, 300),
    '/stages/api/media': held,
    '/stages/kettle.png': pngRoute,
    '/never/': html(fixture('never.html')),
    '/never/app.js': script(fixture('never.js')),
    '/defaults/': html(fixture('defaults.html')),
    '/defaults/app.js': script(fixture('defaults.js')),
    '/defaults/api/tour.json': json({title: defaults.title, description: defaults.description, image: defaults.image}, 300),
    '/defaults/site.png': pngRoute,
    '/defaults/sunset.png': pngRoute,
  };
  const site = await startServer(routes);
  const asked = (prefix: string, path: string) => site.hits.includes(`GET ${prefix}?from=${encodeURIComponent(path)}`);
  return Object.assign(site, {
    answeredPolls,
    polled: (path: string) => asked('/api/updates', path),
    beaconed: (path: string) => asked('/beacon', path),
  });
}

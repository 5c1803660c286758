import {readFileSync} from 'node:fs';
import type {ServerResponse} from 'node:http';
import type {LookupFunction} from 'node:net';
import type {WallKind} from '../../src/walls/signatures.js';
import {startServer, type TestServer} from '../helpers/server.js';

/** One fixture of tests/fixtures/walls and the answer it comes with (cases.json). */
export interface WallCase {
  file: string;
  /** The signature id detectWall must name; null for a look-alike. */
  wall: string | null;
  /** Rows whose cheap markers the look-alike passes: only its costly markers keep it from being named. */
  nearMiss?: string[];
  statusCode: number;
  url: string;
  redirects?: string[];
  headers: Record<string, string | string[]>;
}

export const wallsDirectory = new URL('../fixtures/walls/', import.meta.url);

export const wallCases: WallCase[] = (JSON.parse(readFileSync(new URL('cases.json', wallsDirectory), 'utf8')) as {cases: WallCase[]}).cases;

/** A wall no row names, or a look-alike (tests/fixtures/walls/generic): `kind` is the wall's, null for a look-alike. */
export interface GenericCase extends Omit<WallCase, 'wall' | 'nearMiss'> {
  kind: WallKind | null;
}

/** The generic set, its `file`s relative to {@link wallsDirectory} (`generic/…`), so that the case server serves them too. */
export const genericCases: GenericCase[] = (
  JSON.parse(readFileSync(new URL('generic/cases.json', wallsDirectory), 'utf8')) as {cases: GenericCase[]}
).cases.map((entry) => ({...entry, file: `generic/${entry.file}`}));

/** A fixture's markup. */
export const fixtureHtml = (file: string): string => readFileSync(new URL(file, wallsDirectory), 'utf8');

/** A case as detectWall's input, straight from the table. */
export const caseInput = (entry: Omit<WallCase, 'wall'>) => ({
  statusCode: entry.statusCode,
  headers: entry.headers,
  url: entry.url,
  redirects: entry.redirects ?? [],
  html: fixtureHtml(entry.file),
});

/** Every host name the cases use (their URLs and redirect hops). */
export const caseHosts = [...new Set([...wallCases, ...genericCases].flatMap((entry) => [entry.url, ...(entry.redirects ?? [])].map((href) => new URL(href).hostname)))];

/**
 * A dns.lookup that answers 127.0.0.1 for the case hosts (youtube.com, consent.google.com…) and
 * ENOTFOUND for any other name: a simulated web, never a real DNS query.
 */
export const caseLookup = ((hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as {all?: boolean}).all;
  const known = caseHosts.includes(hostname.toLowerCase());
  queueMicrotask(() => {
    if (!known) done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {code: 'ENOTFOUND', hostname}));
    else if (all) done(null, [{address: '127.0.0.1', family: 4}]);
    else done(null, '127.0.0.1', 4);
  });
}) as LookupFunction;

/** The case's https URL on the local server: same host, path and query, over http on `port`. */
export const onServer = (href: string, port: number): URL => {
  const url = new URL(href);
  return new URL(`http://${url.host}:${port}${url.pathname}${url.search}`);
};

/** A local server impersonating each case's site: {@link CaseServer.serve} picks the case it answers. */
export interface CaseServer {
  site: TestServer;
  /** Answers `entry` from now on: its redirect hops in order, then the answer itself. Returns the URL to ask. */
  serve(entry: Omit<WallCase, 'wall'>): URL;
}

/** Starts the server of {@link CaseServer} on 127.0.0.1 (names reach it through {@link caseLookup}). */
export async function startCaseServer(): Promise<CaseServer> {
  const site = await startServer();
  let current: Omit<WallCase, 'wall'> | undefined;
  site.server.removeAllListeners('request');
  site.server.on('request', (request, response: ServerResponse) => {
    const entry = current;
    if (!entry) return void response.writeHead(500).end();
    const asked = `${request.headers.host}${request.url}`;
    const chain = [...(entry.redirects ?? []), entry.url].map((href) => onServer(href, site.port));
    const at = chain.findIndex((url) => `${url.host}${url.pathname}${url.search}` === asked);
    if (at < 0) return void response.writeHead(404, {'content-type': 'text/plain'}).end(`not part of ${entry.file}: ${asked}`);
    const next = chain[at + 1];
    if (next) return void response.writeHead(302, {location: next.href}).end();
    response.writeHead(entry.statusCode, entry.headers).end(readFileSync(new URL(entry.file, wallsDirectory)));
  });
  return {
    site,
    serve(entry) {
      current = entry;
      return onServer(entry.redirects?.[0] ?? entry.url, site.port);
    },
  };
}

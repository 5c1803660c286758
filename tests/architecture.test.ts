// The layout of src/ is checked, not only described: docs/architecture.md names which folder may
// import which, and this test reads every import of every source file to hold the code to it.
import {readFileSync, readdirSync} from 'node:fs';
import {dirname, join, normalize, relative} from 'node:path';
import {describe, expect, it} from '@jest/globals';
import {root} from './helpers/readme.js';

const src = join(root, 'src');

/**
 * Which folders each part of src/ may import ('.' is the top level: options, errors, data, deadline).
 * `shared` (the Page and the shapes several stages share) imports nothing; parse and rules never import fetch.
 * `batch` runs extract() over many URLs (in one process, or as a job queue); the endpoint is not below it.
 */
const allowed: Record<string, string[]> = {
  '.': ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'ping', 'browser', 'screenshot', 'render', 'oembed', 'walls', 'files', 'palette', 'insights', 'card', 'endpoint', 'batch', 'extract'],
  extract: ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'ping', 'browser', 'screenshot', 'render', 'oembed', 'walls', 'files', 'palette', 'insights', 'extract'],
  shared: ['shared'],
  url: ['.', 'shared', 'url'],
  fetch: ['.', 'shared', 'url', 'fetch'],
  parse: ['.', 'shared', 'parse'],
  rules: ['.', 'shared', 'parse', 'rules'],
  ping: ['.', 'shared', 'url', 'fetch', 'ping'],
  browser: ['.', 'shared', 'url', 'fetch', 'browser'],
  screenshot: ['.', 'shared', 'url', 'fetch', 'ping', 'browser', 'palette', 'screenshot'],
  render: ['.', 'shared', 'url', 'fetch', 'browser', 'screenshot', 'render'],
  oembed: ['.', 'shared', 'url', 'fetch', 'parse', 'oembed'],
  walls: ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'oembed', 'browser', 'render', 'walls'],
  files: ['.', 'shared', 'url', 'fetch', 'parse', 'ping', 'files'],
  palette: ['.', 'shared', 'url', 'fetch', 'palette'],
  insights: ['.', 'shared', 'url', 'fetch', 'parse', 'browser', 'insights'],
  card: ['.', 'card'],
  batch: ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'ping', 'browser', 'screenshot', 'render', 'oembed', 'walls', 'files', 'palette', 'insights', 'batch'],
  endpoint: ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'ping', 'browser', 'screenshot', 'render', 'oembed', 'walls', 'files', 'palette', 'insights', 'card', 'endpoint'],
  stages: ['.', 'shared', 'url', 'fetch', 'parse', 'rules', 'ping', 'browser', 'screenshot', 'render', 'oembed', 'walls', 'files'],
};

/** Top-level files that only the entry points (index, cli) and the endpoint may import. */
const entryPoints = new Set(['index.ts', 'cli.ts']);

function sourceFiles(directory = src): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

/** The src-relative files that `file` imports or re-exports (type-only imports included). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.map((specifier) => normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts'))));
}

const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] ?? '.') : '.');
const files = sourceFiles();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('src/ layout', () => {
  it('keeps at most 8 files at the top level, the rest in one folder per stage', () => {
    const top = files.filter((file) => !file.includes('/'));
    expect(top.length).toBeLessThanOrEqual(8);
    expect(top).toEqual(expect.arrayContaining(['index.ts', 'extract.ts', 'options.ts', 'errors.ts', 'data.ts', 'cli.ts']));
    for (const file of files) expect(Object.keys(allowed)).toContain(folderOf(file));
  });

  it('resolves every relative import to a source file', () => {
    for (const [file, imports] of graph) {
      for (const target of imports) expect({file, target, exists: graph.has(target)}).toEqual({file, target, exists: true});
    }
  });

  it('points imports one way: each folder imports only the folders below it', () => {
    const violations: string[] = [];
    for (const [file, imports] of graph) {
      const from = folderOf(file);
      for (const target of imports) {
        const to = folderOf(target);
        if (!allowed[from]?.includes(to)) violations.push(`${file} → ${target}`);
        if (to === '.' && entryPoints.has(target)) violations.push(`${file} → ${target} (an entry point)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps every stage off src/options.ts: each stage owns its options, options.ts only composes them', () => {
    // Stages are every folder but the endpoint (above the pipeline, it may use the public option
    // types) and extract/ (the pipeline's steps, which pass the resolved options to the stages), and
    // the top-level files the stages use; extract.ts, index.ts and cli.ts compose, and
    // stages/index.ts (the `linkpeek/stages` entry) re-exports normalizeConfig and normalizeOptions.
    const composers = new Set(['extract.ts', 'options.ts', 'index.ts', 'cli.ts', 'stages/index.ts']);
    const stageFiles = files.filter((file) => folderOf(file) !== 'endpoint' && folderOf(file) !== 'extract' && !composers.has(file));
    expect(stageFiles.length).toBeGreaterThan(50);
    const offenders = stageFiles.filter((file) => graph.get(file)?.includes('options.ts'));
    expect(offenders).toEqual([]);
  });

  it('lets parse/ and rules/ read a page without fetch/ (the shared shapes live in shared/, which imports nothing)', () => {
    const offenders = files.flatMap((file) => {
      const from = folderOf(file);
      if (from !== 'parse' && from !== 'rules' && from !== 'shared') return [];
      return (graph.get(file) ?? [])
        .filter((target) => folderOf(target) === 'fetch' || (from === 'shared' && folderOf(target) !== 'shared'))
        .map((target) => `${file} → ${target}`);
    });
    expect(offenders).toEqual([]);
    expect(files.filter((file) => folderOf(file) === 'shared')).toEqual(expect.arrayContaining(['shared/page.ts']));
  });

  it('has no import cycle between files', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

// The README and docs/*.md are checked against the code, so they cannot drift: every table of codes,
// options and defaults, the refused headers, the commands, every TypeScript snippet (type-checked
// against the package's types), every relative link, the import table of docs/architecture.md and the bench rows
// docs/performance.md points to. Each check reads the file where its section lives.
import {lookup as dnsLookup} from 'node:dns';
import {existsSync, readFileSync} from 'node:fs';
import {constants} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from '@jest/globals';
import {isPublicAddress} from '../src/url/address.js';
import {handlerConfigKeys} from '../src/endpoint/handler.js';
import {defaultErrorDocsUrl, errorCodes, isLinkpeekError, statusByCode, type ErrorCode} from '../src/errors.js';
import {
  configKeys,
  defaultConfig,
  defaultScreenshotOptions,
  extractOptionKeys,
  normalizeConfig,
  normalizeOptions,
  refusedHeaders,
  type ExtractOptions,
  type ExtractorConfig,
} from '../src/options.js';
import type {ScreenshotOptions} from '../src/browser/provider.js';
import {
  brokenLinks,
  codeBlocks,
  codeSpans,
  docPaths,
  packageEntries,
  readDoc,
  readDocs,
  readReadme,
  relativeLinks,
  root,
  section,
  sections,
  soleCode,
  tableStartingWith,
  tables,
  typeCheckSnippets,
  type Table,
} from './helpers/readme.js';

const readme = readReadme();
/** README.md and every docs/*.md, each with its root-relative path. */
const docs = readDocs();
/** One file of docs/ by name, e.g. `doc('ping')` for docs/ping.md. */
const doc = (name: string): string => readDoc(`docs/${name}.md`);
const config = normalizeConfig();

/** `none` in a Default column or line. */
const none = Symbol('none');

/**
 * The default a README cell or `Default:` line states as a literal: a leading code span, optionally
 * followed by a parenthesised note (`` `5242880` (5 MiB) ``). `none` gives the `none` symbol; prose
 * ("one-off Chromium per call", "config `timeout`") gives undefined.
 */
function documentedDefault(text: string, like: unknown): unknown {
  const trimmed = text.trim().replace(/\\$/, '').trim();
  if (trimmed === 'none') return none;
  const span = /^`([^`]+)`(?:\s*\(.*\))?$/.exec(trimmed)?.[1];
  return span === undefined ? undefined : literal(span, like);
}

/** A code span read as a value: quoted strings, numbers, booleans, `{}`; bare text when a string is expected. */
function literal(span: string, like: unknown): unknown {
  if (/^'[^']*'$/.test(span)) return span.slice(1, -1);
  if (span === 'true' || span === 'false') return span === 'true';
  if (/^-?\d[\d_]*(\.\d+)?$/.test(span)) return Number(span.replaceAll('_', ''));
  if (span === '{}') return {};
  if (span === '[]') return [];
  if (typeof like === 'string') return span;
  return {identifier: span};
}

function column(table: Table, name: string): number {
  const index = table.header.indexOf(name);
  if (index < 0) throw new Error(`README table (${table.header.join(' | ')}) has no "${name}" column`);
  return index;
}

function cell(row: string[], index: number): string {
  const value = row[index];
  if (value === undefined) throw new Error(`README table row is missing column ${index}: ${row.join(' | ')}`);
  return value;
}

function error(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

function isOptionError(run: () => unknown): boolean {
  const thrown = error(run);
  return isLinkpeekError(thrown) && thrown.code === 'EINVALOPTION';
}

function duplicates(values: string[]): string[] {
  return values.filter((value, i) => values.indexOf(value) !== i);
}

const sorted = (values: Iterable<string>): string[] => [...values].sort();

describe('README: error codes', () => {
  /** Codes of a `| Code | HTTP | ... |` table with the statuses it states, checked against statusByCode. */
  function checkCodeTable(table: Table, exact: boolean): void {
    const http = table.header.indexOf('HTTP');
    const codes = table.rows.map((row) => soleCode(cell(row, 0)) ?? `not a code span: ${row[0]}`);
    expect(duplicates(codes)).toEqual([]);
    for (const code of codes) expect(errorCodes).toContain(code);
    if (exact) expect(sorted(codes)).toEqual(sorted(errorCodes));
    if (http >= 0) {
      const documented = Object.fromEntries(table.rows.map((row) => [soleCode(cell(row, 0)), Number(cell(row, http))]));
      const actual = Object.fromEntries(codes.map((code) => [code, statusByCode[code as ErrorCode]]));
      expect(documented).toEqual(actual);
    }
  }

  it('the Errors table lists every code once with its HTTP status', () => {
    checkCodeTable(tableStartingWith(section(readme, '## Errors').body, 'Code'), true);
  });

  it("the HTTP endpoint's Responses table (docs/endpoint.md) lists every code once with its HTTP status", () => {
    const endpoint = doc('endpoint');
    const responses = section(endpoint, 'Responses', section(endpoint, 'HTTP endpoint'));
    checkCodeTable(tableStartingWith(responses.body, 'Code'), true);
  });

  it('every other code table (fetching, screenshots) names real codes with their real status', () => {
    const all = docs.flatMap(({text}) => tables(text)).filter((table) => table.header[0] === 'Code');
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const table of all) checkCodeTable(table, false);
  });

  it('every E-code in a code span is a real code (Node errno names aside)', () => {
    const named = docs.flatMap(({text}) => codeSpans(text)).flatMap((span) => span.match(/\bE[A-Z]{4,}\b/g) ?? []);
    expect(named.length).toBeGreaterThan(50);
    const unknown = named.filter((name) => !errorCodes.includes(name as ErrorCode) && !(name in constants.errno));
    expect(unknown).toEqual([]);
  });

  it('the JSON error example is a real error body', () => {
    const blocks = docs.flatMap(({text}) => codeBlocks(text)).filter((block) => block.lang === 'json');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const body = JSON.parse(block.code) as {status?: string; code?: ErrorCode; more?: string};
      if (body.code === undefined) continue;
      expect(errorCodes).toContain(body.code);
      expect(body.status).toBe(statusByCode[body.code] < 500 ? 'fail' : 'error');
      expect(body.more).toBe(`${defaultErrorDocsUrl}${body.code.toLowerCase()}`);
    }
  });

  it('the handler options table (docs/endpoint.md) lists exactly the handler-only config keys', () => {
    const table = tableStartingWith(section(doc('endpoint'), 'Handler options (besides every `createExtractor` option)').body, 'Option');
    expect(sorted(table.rows.map((row) => soleCode(cell(row, 0)) ?? String(row[0])))).toEqual(sorted(handlerConfigKeys));
  });

  it("every error's default `more` link lands on its code's row in docs/endpoint.md", () => {
    // The default base is this file on the project's repository; each row carries the anchor.
    expect(defaultErrorDocsUrl).toBe('https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#');
    const responses = section(doc('endpoint'), 'Responses', section(doc('endpoint'), 'HTTP endpoint'));
    const table = tableStartingWith(responses.body, 'Code');
    const anchors = table.rows.map((row) => [soleCode(cell(row, 0)), /^<a id="([a-z]+)"><\/a>/.exec(cell(row, 2))?.[1]]);
    expect(anchors).toEqual(table.rows.map((row) => [soleCode(cell(row, 0)), soleCode(cell(row, 0))?.toLowerCase()]));
  });
});

describe('README: per-call options and config', () => {
  const options = tableStartingWith(section(readme, 'Per-call options (`extract(url, options)`)').body, 'Option');
  const configTable = tableStartingWith(
    section(readme, 'Config (`createExtractor(config)`, `createHandler(config)`)').body,
    'Option',
  );

  it('the per-call options table lists exactly the keys normalizeOptions accepts', () => {
    const keys = options.rows.map((row) => soleCode(cell(row, 0)) ?? String(row[0]));
    expect(duplicates(keys)).toEqual([]);
    expect(sorted(keys)).toEqual(sorted(extractOptionKeys));
    // The exported list is the one normalizeOptions enforces.
    for (const key of keys) expect(isOptionError(() => normalizeOptions({[key]: undefined} as ExtractOptions, config))).toBe(false);
    expect(isOptionError(() => normalizeOptions({pingg: true} as ExtractOptions, config))).toBe(true);
  });

  it('each per-call default is what normalizeOptions fills in', () => {
    const defaults = column(options, 'Default');
    const resolved = normalizeOptions({}, config) as unknown as Record<string, unknown>;
    for (const row of options.rows) {
      const key = soleCode(cell(row, 0)) ?? '';
      const text = cell(row, defaults);
      const fromConfig = /^config `(\w+)`$/.exec(text)?.[1];
      if (fromConfig) {
        // "config `timeout`": the call takes the config's value.
        const custom = normalizeConfig({[fromConfig]: 1234} as ExtractorConfig);
        expect(normalizeOptions({}, custom)[key as 'timeout']).toBe(1234);
        continue;
      }
      const documented = documentedDefault(text, undefined);
      expect([key, documented]).not.toEqual([key, undefined]);
      if (documented === none) {
        expect([key, resolved[key] ?? null]).toEqual([key, null]);
      } else {
        // Passing the documented default is the same as passing nothing.
        expect([key, normalizeOptions({[key]: documented} as ExtractOptions, config)]).toEqual([key, resolved]);
      }
    }
  });

  it('the config table lists exactly the keys normalizeConfig accepts, plus stages', () => {
    const keys = configTable.rows.map((row) => soleCode(cell(row, 0)) ?? String(row[0]));
    expect(duplicates(keys)).toEqual([]);
    expect(sorted(keys)).toEqual(sorted([...configKeys, 'stages']));
    expect(isOptionError(() => normalizeConfig({timeoutt: 1} as ExtractorConfig))).toBe(true);
  });

  /** A documented config default, checked against defaultConfig and what normalizeConfig fills in. */
  function checkConfigDefault(key: string, text: string): 'checked' | 'prose' {
    const code = defaultConfig as Record<string, unknown>;
    const resolved = config as unknown as Record<string, unknown>;
    const documented = documentedDefault(text, code[key]);
    if (documented === undefined || documented === none) return 'prose';
    const functions: Record<string, unknown> = {isPublicAddress, 'dns.lookup': dnsLookup};
    if (typeof documented === 'object' && documented !== null && 'identifier' in documented) {
      const name = String(documented.identifier);
      expect([key, name in functions]).toEqual([key, true]);
      expect([key, resolved[key] === functions[name]]).toEqual([key, true]);
      return 'checked';
    }
    expect([key, documented]).toEqual([key, code[key]]);
    expect([key, normalizeConfig({[key]: documented} as ExtractorConfig)]).toEqual([key, config]);
    return 'checked';
  }

  it('each literal default in the config table is the code default', () => {
    const defaults = column(configTable, 'Default');
    const checked = configTable.rows.filter(
      (row) => checkConfigDefault(soleCode(cell(row, 0)) ?? '', cell(row, defaults)) === 'checked',
    );
    // Every key of defaultConfig, plus allowAddress and dnsLookup.
    expect(checked.length).toBe(Object.keys(defaultConfig).length + 2);
  });

  it('config defaults restated elsewhere (ping table, fetching sub-options) match too', () => {
    const ping = tableStartingWith(section(doc('ping'), 'Ping: only reachable URLs in `data`').body, 'Config (`createExtractor`)');
    for (const row of ping.rows) {
      expect(checkConfigDefault(soleCode(cell(row, 0)) ?? '', cell(row, column(ping, 'Default')))).toBe('checked');
    }
    const fetching = section(doc('fetching'), 'Fetching: what linkpeek connects to, and how');
    const subOptions = sections(fetching.body).filter((sub) => sub.level === 4);
    expect(subOptions.map((sub) => sub.title)).toEqual(['maxBodySize', 'bodyLimit']);
    for (const sub of subOptions) {
      const line = /^Default: (.*)$/m.exec(sub.body)?.[1] ?? '';
      expect(checkConfigDefault(sub.title, line)).toBe('checked');
    }
  });
});

describe('README: screenshot sub-options', () => {
  const screenshotKeys = Object.keys(defaultScreenshotOptions);
  const resolvedDefault = normalizeOptions({screenshot: true}, config).screenshot;

  function resolveScreenshot(screenshot: ScreenshotOptions): unknown {
    return normalizeOptions({screenshot}, config).screenshot;
  }

  /** A stated type: every listed enum value is accepted, and a number range is enforced at both ends. */
  function checkType(key: string, type: string): void {
    const values = /^`((?:'[^']+'(?: \| )?)+)`/.exec(type)?.[1];
    if (values) {
      for (const value of values.split(' | ')) {
        expect([key, isOptionError(() => resolveScreenshot({[key]: value.slice(1, -1)}))]).toEqual([key, false]);
      }
      expect([key, isOptionError(() => resolveScreenshot({[key]: 'bogus'}))]).toEqual([key, true]);
    }
    const range = /number`? \(?([\d.]+)[-–]([\d.]+)/.exec(type);
    if (range?.[1] && range[2]) {
      const [min, max] = [Number(range[1]), Number(range[2])];
      for (const [value, refused] of [[min, false], [max, false], [min - 0.01, true], [max + 1, true]] as const) {
        expect([key, value, isOptionError(() => resolveScreenshot({[key]: value}))]).toEqual([key, value, refused]);
      }
    }
  }

  it('the #### sub-options (docs/screenshots.md) are exactly the screenshot keys, with the code defaults and ranges', () => {
    const screenshots = doc('screenshots');
    const part = section(screenshots, 'The `screenshot` option', section(screenshots, 'Screenshots'));
    const subs = sections(part.body).filter((sub) => sub.level === 4);
    const keys = subs.flatMap((sub) => sub.title.split(', '));
    expect(duplicates(keys)).toEqual([]);
    expect(sorted(keys)).toEqual(sorted(screenshotKeys));
    for (const sub of subs) {
      const names = sub.title.split(', ') as (keyof typeof defaultScreenshotOptions)[];
      const line = /^Default: (.*?)\\?$/m.exec(sub.body)?.[1] ?? '';
      const parts = line === 'none' ? names.map(() => 'none') : line.split(', ');
      expect([sub.title, parts.length]).toEqual([sub.title, names.length]);
      names.forEach((key, i) => {
        const documented = documentedDefault(parts[i] ?? '', defaultScreenshotOptions[key]);
        expect([key, documented === none ? null : documented]).toEqual([key, defaultScreenshotOptions[key]]);
        if (documented !== none) expect([key, resolveScreenshot({[key]: documented})]).toEqual([key, resolvedDefault]);
        checkType(key, /^Type: (.*?)\\?$/m.exec(sub.body)?.[1] ?? '');
      });
    }
  });

  it('the query parameter table documents every screenshot key with the same defaults and ranges', () => {
    const query = tableStartingWith(section(doc('endpoint'), 'Query parameters').body, 'Parameter');
    const documented = new Map<string, string>();
    for (const row of query.rows) {
      const names = codeSpans(cell(row, 0)).filter((name) => name.startsWith('screenshot.'));
      const defaults = cell(row, column(query, 'Default')).split(', ');
      names.forEach((name, i) => {
        const key = name.slice('screenshot.'.length) as keyof typeof defaultScreenshotOptions;
        if (key === 'element') return; // listed as the synonym of `element`, whose default is none as well
        documented.set(key, defaults[i] ?? '');
        const value = documentedDefault(defaults[i] ?? '', defaultScreenshotOptions[key]);
        expect([key, value === none ? null : value]).toEqual([key, defaultScreenshotOptions[key]]);
        checkType(key, cell(row, column(query, 'Type')).replace(/^number /, 'number` '));
      });
    }
    expect(sorted(documented.keys())).toEqual(sorted(screenshotKeys.filter((key) => key !== 'element')));
    expect(query.rows.some((row) => row[0] === '`element` (synonym `screenshot.element`)')).toBe(true);
  });
});

describe('README: refused request headers', () => {
  // Each passage lists the names from `host` to `proxy-*`: the per-call option (README), the
  // fetching section (docs/fetching.md) and the query parameter table (docs/endpoint.md).
  const passages = docs
    .flatMap(({text}) => text.split('\n\n'))
    .map((paragraph) => paragraph.replaceAll('\n', ' '))
    .flatMap((paragraph) => {
      const start = paragraph.indexOf('`host`, `content-length`');
      const end = paragraph.indexOf('`proxy-*`', start);
      return start >= 0 && end > start ? [paragraph.slice(start, end + '`proxy-*`'.length)] : [];
    });

  it('every list equals refusedHeaders plus the proxy-* rule', () => {
    expect(passages.length).toBeGreaterThanOrEqual(3);
    const expected = sorted([...refusedHeaders].filter((name) => !name.startsWith('proxy-')));
    for (const passage of passages) {
      const names = codeSpans(passage);
      expect(names).toContain('proxy-*');
      expect(sorted(names.filter((name) => name !== 'proxy-*'))).toEqual(expected);
    }
  });

  it('the proxy-* rule and every listed name are refused by normalizeOptions', () => {
    for (const name of [...refusedHeaders, 'proxy-anything', 'Host']) {
      expect([name, isOptionError(() => normalizeOptions({headers: {[name]: 'x'}}, config))]).toEqual([name, true]);
    }
    expect(normalizeOptions({headers: {authorization: 'x'}}, config).headers).toEqual({authorization: 'x'});
  });
});

describe('README: commands', () => {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts;
  const ciCommands = readFileSync(join(root, '.ci/run'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('the two commands at the top are package.json scripts', () => {
    const block = codeBlocks(section(readme, 'Two commands').body).find((candidate) => candidate.lang === 'sh');
    const commands = (block?.code ?? '').split('\n').map((line) => line.replace(/#.*$/, '').trim());
    expect(commands).toEqual(['npm install && npm run example', 'npm test']);
    expect(scripts.example).toEqual(expect.any(String));
    expect(scripts.test).toEqual(expect.any(String));
  });

  it('every `npm run <script>` the README and docs/ mention exists', () => {
    const named = docs.flatMap(({text}) => [...text.matchAll(/npm run ([\w:-]+)/g)]).map((match) => match[1] ?? '');
    expect(named.length).toBeGreaterThan(2);
    for (const name of named) expect([name, name in scripts]).toEqual([name, true]);
  });

  it('.ci/run runs npm test, and the README describes its commands truly', () => {
    expect(ciCommands).toContain('npm test');
    const line = readme.split('\n').find((text) => text.startsWith('[`.ci/run`](.ci/run)'));
    const npm = codeSpans(line ?? '').filter((span) => span.startsWith('npm '));
    expect(npm.length).toBeGreaterThan(0);
    for (const command of npm) {
      expect([command, ciCommands.some((ci) => ci === command || ci.startsWith(`${command} `))]).toEqual([command, true]);
    }
  });
});

describe('README and docs: TypeScript snippets', () => {
  it('every ```ts block of README.md and docs/*.md type-checks against the package types (linkpeek and its subpaths mapped to the declarations built from src/, or to src/ itself)', async () => {
    // Each exported type name, with the entry point (`linkpeek`, `linkpeek/stages`…) that exports it.
    const entryOfType = new Map(
      Object.entries(packageEntries).flatMap(([entry, source]) =>
        [...readFileSync(join(root, source), 'utf8').matchAll(/export type \{([^}]*)\}/g)]
          .flatMap((match) => (match[1] ?? '').split(','))
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => [name, entry] as const),
      ),
    );
    const typeNames = [...entryOfType.keys()];
    // Every entry's types by name, and `linkpeek` as one object holding every entry's values.
    const entries = Object.keys(packageEntries);
    const signaturePrelude = [
      ...entries.map((entry, i) => {
        const names = typeNames.filter((name) => entryOfType.get(name) === entry);
        return `${names.length > 0 ? `import type {${names.join(', ')}} from '${entry}';\n` : ''}import * as entry${i} from '${entry}';`;
      }),
      `const linkpeek = {${entries.map((_, i) => `...entry${i}`).join(', ')}};`,
    ].join('\n');
    const signature = /^(\w+)\((.*)\): (.+)$/;
    const blocks = docs.flatMap(({path, text}) => codeBlocks(text).map((block) => ({...block, path}))).filter((block) => block.lang === 'ts');
    expect(blocks.length).toBeGreaterThan(15);
    const snippets = blocks.map((block) => {
      const lines = block.code.split('\n').filter((line) => line.trim() !== '');
      if (lines.every((line) => signature.test(line))) {
        // A block of signatures: each must match the export both ways (same parameters, same result).
        const code = block.code
          .split('\n')
          .map((line) => {
            const [, name, params, result] = signature.exec(line) ?? [];
            if (!name) return line;
            return `declare function ${name}_documented(${params}): ${result}; const ${name}_real: typeof ${name}_documented = linkpeek.${name}; const ${name}_doc: typeof linkpeek.${name} = ${name}_documented;`;
          })
          .join('\n');
        return {file: block.path, line: block.line, prelude: signaturePrelude, code};
      }
      // A documented interface named like an exported type: the real type must satisfy it.
      const epilogue = [...block.code.matchAll(/^interface (\w+)/gm)]
        .map((match) => match[1] ?? '')
        .filter((name) => typeNames.includes(name))
        .map((name) => `const ${name}_conforms: ${name} = null as unknown as import('${entryOfType.get(name)}').${name};`)
        .join('\n');
      return {file: block.path, line: block.line, prelude: '', code: block.code, epilogue};
    });
    const diagnostics = await typeCheckSnippets(snippets);
    expect(diagnostics.map((diagnostic) => `${diagnostic.file}:${diagnostic.readmeLine}: ${diagnostic.message}`)).toEqual([]);
  }, 60_000);
});

describe('README and docs: links and paths', () => {
  it('every relative link of README.md, docs/*.md and bench/README.md points at a file and a heading that exist', () => {
    const links = ['README.md', ...docPaths(), 'bench/README.md'].flatMap((path) => relativeLinks(readDoc(path)));
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => link.anchor !== undefined).length).toBeGreaterThan(10);
    expect(['README.md', ...docPaths(), 'bench/README.md'].flatMap((path) => brokenLinks(path))).toEqual([]);
  });

  it('every docs/*.md file is linked from the README', () => {
    const linked = new Set(relativeLinks(readme).map((link) => link.target));
    expect(docPaths().length).toBeGreaterThanOrEqual(10);
    for (const path of docPaths()) expect([path, linked.has(path)]).toEqual([path, true]);
  });

  it('every repository path named in a code span (src/, tests/, bench/, examples/, docs/) exists', () => {
    const paths = docs.flatMap(({path, text}) =>
      codeSpans(text)
        .filter((span) => /^(src|tests|bench|examples|docs)\/[\w./-]*$/.test(span))
        .map((span) => ({path, span})),
    );
    expect(paths.length).toBeGreaterThan(5);
    const missing = paths.filter(({span}) => !existsSync(join(root, span))).map(({path, span}) => `${path}: ${span}`);
    expect(missing).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('states the same import rules as the allowed table of tests/architecture.test.ts', () => {
    const source = readFileSync(join(root, 'tests/architecture.test.ts'), 'utf8');
    const literal = /const allowed: Record<string, string\[\]> = \{\n([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
    const allowed = Object.fromEntries(
      literal.split('\n').map((line) => {
        const [, key, list] = /^\s*'?([\w.]+)'?: \[(.*)\],$/.exec(line) ?? [];
        return [key ?? `unreadable: ${line}`, sorted([...(list ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1] ?? ''))];
      }),
    );
    expect(Object.keys(allowed).length).toBeGreaterThanOrEqual(9);
    const table = tableStartingWith(section(doc('architecture'), 'Which folder may import which').body, 'Folder');
    const documented = Object.fromEntries(
      table.rows.map((row) => [soleCode(cell(row, 0)) ?? String(row[0]), sorted(codeSpans(cell(row, column(table, 'May import'))))]),
    );
    expect(documented).toEqual(allowed);
  });
});

describe('docs/performance.md and the bench', () => {
  /** The Measure column of the latest section of bench/results.md. */
  function latestMeasures(): string[] {
    const results = readFileSync(join(root, 'bench/results.md'), 'utf8');
    const latest = sections(results).filter((part) => part.level === 2).at(-1);
    const table = tables(latest?.body ?? '').find((candidate) => candidate.header.includes('Measure'));
    return (table?.rows ?? []).map((row) => cell(row, column(table as Table, 'Measure')));
  }

  it('every row the Performance table points to is a row of the latest bench/results.md run', () => {
    const measures = latestMeasures();
    expect(measures.length).toBeGreaterThan(20);
    const table = tableStartingWith(doc('performance'), 'Measure');
    const named = table.rows.flatMap((row) => codeSpans(cell(row, column(table, 'Row in `bench/results.md`'))));
    expect(named.length).toBeGreaterThanOrEqual(table.rows.length);
    for (const name of named) expect([name, measures.some((measure) => measure.includes(name))]).toEqual([name, true]);
  });

  it('the docs describe each `npm run bench` command (and its duration) exactly as bench/README.md does', () => {
    /** `npm run bench...` lines of sh blocks: the command and its comment. */
    const benchLines = (text: string) =>
      codeBlocks(text)
        .filter((block) => block.lang === 'sh')
        .flatMap((block) => block.code.split('\n'))
        .filter((line) => line.startsWith('npm run bench'))
        .map((line) => {
          const [command = '', comment = ''] = line.split('#');
          return [command.trim(), comment.trim()] as const;
        });
    const reference = new Map(benchLines(readDoc('bench/README.md')));
    const quoted = docs.flatMap(({path, text}) => benchLines(text).map(([command, comment]) => ({path, command, comment})));
    expect(quoted.length).toBeGreaterThanOrEqual(2);
    for (const {path, command, comment} of quoted) {
      expect([path, command, comment]).toEqual([path, command, reference.get(command)]);
    }
  });
});

// The package's declarations (`dist/*.d.ts`, package.json `exports`: `types`), as a user's compiler
// reads them. tsup builds them in `npm run test:slow` and `npm run build`; `npm test` builds `dist/`
// without them (their build is a second whole type check, about a minute of CPU), and type-checks the
// docs' snippets against the sources instead. This suite checks the built ones: each entry has its
// declarations, built from the sources as they are, and a program that imports every entry by its
// package name and uses each value it exports compiles against them.
import {describe, expect, it, jest} from '@jest/globals';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {builtFresh} from './helpers/child.js';
import {declarationsOf, entryValues, packageEntries, root, typeCheckSnippets} from './helpers/readme.js';

jest.setTimeout(120_000);

type Entry = keyof typeof packageEntries;
const entries = Object.keys(packageEntries) as Entry[];

describe('the built declarations', () => {
  it('exist for every entry, built from the sources as they are', () => {
    expect(entries.filter((entry) => !existsSync(join(root, declarationsOf(entry))))).toEqual([]);
    expect(builtFresh(entries.map(declarationsOf))).toBe(true);
  });

  it('declare every value each entry exports, by its package name', async () => {
    // One reference to each value, so a value the declarations lack is an error at its line.
    const code = entries
      .map((entry, i) => [`import * as entry${i} from '${entry}';`, ...entryValues(entry).map((name) => `void entry${i}.${name};`)].join('\n'))
      .join('\n');
    const values = entries.reduce((sum, entry) => sum + entryValues(entry).length, 0);
    expect(values).toBeGreaterThan(30);
    const diagnostics = await typeCheckSnippets([{file: 'tests/package-declarations.test.ts', line: 1, prelude: '', code}]);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([]);
  });

  it('are what the snippet check reads: a name no entry exports is an error', async () => {
    const diagnostics = await typeCheckSnippets([{line: 1, prelude: '', code: "import {noSuchExport} from 'linkpeek';\nvoid noSuchExport;"}]);
    expect(diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toMatch(/noSuchExport/);
  });
});

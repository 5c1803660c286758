// Builds src/card/card-module.ts, the card element as the one ES module the endpoint serves
// (`<mount>/link-preview.js`): src/card/link-preview.ts and what it imports, bundled and minified
// by esbuild. tests/card/card-module.test.ts fails when the file is stale.
// Regenerate: npx tsx tests/helpers/card-module.ts --write
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {root} from './readme.js';

/** Where the generated module lives. */
export const cardModulePath = join(root, 'src/card/card-module.ts');

/** The TypeScript source of src/card/card-module.ts, as built from the card's sources now. */
export async function buildCardModuleSource(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/card/link-preview.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  const code = result.outputFiles[0]?.text ?? '';
  return [
    '// GENERATED from src/card/link-preview.ts (and card-model, card-tree, card-style) by',
    '// tests/helpers/card-module.ts: do not edit. Regenerate: npx tsx tests/helpers/card-module.ts --write',
    '/** The card element as one ES module, served by the endpoint at `<mount>/link-preview.js`. */',
    `export const cardModule = ${JSON.stringify(code)};`,
    '',
  ].join('\n');
}

export const readCardModuleSource = (): string => readFileSync(cardModulePath, 'utf8');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--write')) {
  writeFileSync(cardModulePath, await buildCardModuleSource());
  process.stdout.write(`wrote ${cardModulePath}\n`);
}

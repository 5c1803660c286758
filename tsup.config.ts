import {defineConfig} from 'tsup';

export default defineConfig({
  // fastify: `linkpeek/fastify`, its own entry so `import 'linkpeek'` never loads fastify-plugin.
  // card: `linkpeek/card`, the <link-preview> element for browser bundles.
  // pdf-worker: the worker thread pdf.js runs in (src/files/pdf-pool.ts starts dist/pdf-worker.js).
  entry: {index: 'src/index.ts', cli: 'src/cli.ts', fastify: 'src/endpoint/fastify-plugin.ts', card: 'src/card/link-preview.ts', 'pdf-worker': 'src/files/pdf-worker.ts'},
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: {entry: {index: 'src/index.ts', fastify: 'src/endpoint/fastify-plugin.ts', card: 'src/card/link-preview.ts'}},
  tsconfig: 'tsconfig.build.json',
  clean: true,
  sourcemap: true,
});

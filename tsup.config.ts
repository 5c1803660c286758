import {defineConfig} from 'tsup';

// One entry per subpath of package.json's `exports`, so `import 'linkpeek'` loads only the core:
// stages: `linkpeek/stages`, the pipeline's stages one by one.
// endpoint: `linkpeek/endpoint`, the HTTP endpoint and its caches.
// fastify: `linkpeek/fastify`, so that only it loads fastify-plugin.
// batch: `linkpeek/batch`, many URLs, in one process or on a queue.
// card: `linkpeek/card`, the <link-preview> element for browser bundles, and renderCard.
// pdf-worker: the worker thread pdf.js runs in (src/files/pdf-pool.ts starts dist/pdf-worker.js).
// technologies-worker: the worker thread the Wappalyzer rules run in (src/insights/technologies-pool.ts).
const entries = {
  index: 'src/index.ts',
  stages: 'src/stages/index.ts',
  endpoint: 'src/endpoint/index.ts',
  fastify: 'src/endpoint/fastify-plugin.ts',
  batch: 'src/batch/index.ts',
  card: 'src/card/index.ts',
};

export default defineConfig({
  entry: {...entries, cli: 'src/cli.ts', 'pdf-worker': 'src/files/pdf-worker.ts', 'technologies-worker': 'src/insights/technologies-worker.ts'},
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: {entry: entries},
  tsconfig: 'tsconfig.build.json',
  clean: true,
  sourcemap: true,
});

import {defineConfig} from 'tsup';

export default defineConfig({
  // fastify: `linkpeek/fastify`, its own entry so `import 'linkpeek'` never loads fastify-plugin.
  entry: {index: 'src/index.ts', cli: 'src/cli.ts', fastify: 'src/endpoint/fastify-plugin.ts'},
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: {entry: {index: 'src/index.ts', fastify: 'src/endpoint/fastify-plugin.ts'}},
  tsconfig: 'tsconfig.build.json',
  clean: true,
  sourcemap: true,
});

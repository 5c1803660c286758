import {readFileSync} from 'node:fs';

/**
 * The soak, fault and bench-like suites (long runs by construction: killed workers and Redis,
 * Lighthouse, the hostile-file corpus, thousands of generated documents, the examples as child
 * processes), each with why. `npm test` runs the other suites (project `fast`), `npm run test:slow`
 * these (project `slow`); `.ci/run` runs both. A path given on the command line runs in its project.
 */
const slowSuites = JSON.parse(readFileSync(new URL('./tests/slow-suites.json', import.meta.url), 'utf8')).map(({path}) => path);

/** Jest runs the TypeScript tests as ESM: got and p-limit are ESM-only. */
const project = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {'^(\\.{1,2}/.*)\\.js$': '$1'},
  transform: {
    '^.+\\.ts$': ['ts-jest', {useESM: true, tsconfig: {isolatedModules: true}, diagnostics: false}],
  },
};

export default {
  projects: [
    {...project, displayName: 'fast', testMatch: ['<rootDir>/tests/**/*.test.ts'], testPathIgnorePatterns: slowSuites.map((path) => `<rootDir>/${path}`)},
    {...project, displayName: 'slow', testMatch: slowSuites.map((path) => `<rootDir>/${path}`)},
  ],
  testTimeout: 20000,
  // Three workers on two cores: a fifth to a third of a suite's time is waiting (stalled servers, deadlines,
  // Chromium, ffmpeg), which a third worker fills (docs/testing.md).
  maxWorkers: 3,
};

/** Jest runs the TypeScript tests as ESM: got and p-limit are ESM-only. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {'^(\\.{1,2}/.*)\\.js$': '$1'},
  transform: {
    '^.+\\.ts$': ['ts-jest', {useESM: true, tsconfig: {isolatedModules: true}, diagnostics: false}],
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testTimeout: 20000,
  maxWorkers: 2,
};

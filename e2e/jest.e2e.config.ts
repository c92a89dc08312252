/** @jest-config-loader esbuild-register */
import path from 'node:path';
import type { Config } from 'jest';

/** The real-browser suite: Debian's Chromium driven by playwright-core against the reference server. */
const config: Config = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
  setupFilesAfterEnv: ['<rootDir>/e2e/support/perFileServer.ts'],
  testTimeout: 90_000,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};

export default config;

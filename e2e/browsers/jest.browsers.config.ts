/** @jest-config-loader esbuild-register */
import path from 'node:path';
import type { Config } from 'jest';

/**
 * The cross-browser suite (issue 42): the journeys of journeys.ts in Chromium, Firefox and WebKit, one
 * file per engine, each run (width × language) on its own reference server. Run alone with
 * `npm run test:e2e:browsers`; E2E_BROWSERS=firefox,webkit picks engines; E2E_BROWSER_SET=ci is
 * .ci/run's half (journeys.ts).
 */
const engines = (process.env.E2E_BROWSERS ?? 'chromium,firefox,webkit').split(',').join('|');

const config: Config = {
  rootDir: path.resolve(__dirname, '../..'),
  displayName: 'browsers',
  testEnvironment: 'node',
  testMatch: [`<rootDir>/e2e/browsers/@(${engines}).browsers.ts`],
  globalSetup: '<rootDir>/e2e/support/globalSetup.ts',
  globalTeardown: '<rootDir>/e2e/browsers/compareAfterRun.ts',
  testTimeout: 360_000,
  verbose: true,
  // puppeteer-core 25 is ES modules only (Node 20's jest cannot require them): compiled like the tests
  transformIgnorePatterns: ['/node_modules/(?!(puppeteer-core|@puppeteer/browsers|chromium-bidi|webdriver-bidi-protocol)/)'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
};

export default config;

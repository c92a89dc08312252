/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swcTransform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// ESM-only packages that jest must transform.
const transformIgnorePatterns = ['/node_modules/(?!(zod|@testing-library/user-event|content-disposition|cookie|@fastify/cookie|kysely)/)'];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.ts',
      roots: ['<rootDir>/src', '<rootDir>/__mocks__'],
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
      setupFiles: ['<rootDir>/src/testing/jsdomPolyfills.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
      transform: swcTransform,
      transformIgnorePatterns,
      moduleNameMapper: {
        '\\.(png|svg|jpg|css)$': '<rootDir>/__mocks__/fileMock.ts',
        // the icons' ES modules, which webpack shares with antd's ES build: their CommonJS twins here
        '^@ant-design/icons/es/icons/(.*)$': '@ant-design/icons/lib/icons/$1',
        // a widget's part of a catalog (webpack: scripts/i18n/catalogLoader.ts): the whole source catalog here
        '^(?:.*/)?locales/([\\w-]+)\\.json\\?ns=.*$': '<rootDir>/src/platform/i18n/locales/$1.json',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/bench/**/*.test.ts'],
      transform: swcTransform,
      transformIgnorePatterns,
    },
  ],
};

export default config;

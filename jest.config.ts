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
const transformIgnorePatterns = ['/node_modules/(?!(@testing-library/user-event|content-disposition|cookie|@fastify/cookie|kysely)/)'];

/**
 * The antd-heavy component tests (a widget rendered whole, the dialog, the server render): slow
 * under load, so a project of their own (`npm run test:unit -- --selectProjects components`),
 * apart from the store, saga and unit tests (`client`).
 */
const COMPONENT_TESTS = ['<rootDir>/src/**/*Widget.test.tsx', '<rootDir>/src/components/Dialog/**/*.test.ts?(x)', '<rootDir>/src/ssrEntry.test.tsx'];

const browserProject = {
  testEnvironment: '<rootDir>/src/testing/jsdomEnvironment.ts',
  roots: ['<rootDir>/src', '<rootDir>/__mocks__'],
  setupFiles: ['<rootDir>/src/testing/jsdomPolyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setupTests.ts'],
  transform: swcTransform,
  transformIgnorePatterns,
  moduleNameMapper: {
    '\\.(png|svg|jpg|css)$': '<rootDir>/__mocks__/fileMock.ts',
    // the icons' ES modules, which webpack shares with antd's ES build: their CommonJS twins here
    '^@ant-design/icons/es/icons/(.*)$': '@ant-design/icons/lib/icons/$1',
    // a widget's part of a catalog (webpack: scripts/i18n/messagesLoader.ts): the whole source catalog here
    '^(?:.*/)?locales/([\\w-]+)\\.json\\?ns=.*$': '<rootDir>/src/platform/i18n/locales/$1.json',
  },
} satisfies Config['projects'] extends (infer P)[] | undefined ? Exclude<P, string> : never;

const config: Config = {
  // One timeout per project, generous for a loaded 2-core machine: 60 s here (client, components; jest 30
  // reads `testTimeout` from the root config only), 120 s for the server project (server/test/projectTimeout.ts).
  // Four tests ask for more, each saying why: scripts/lint.test.ts (ESLint's type-aware resolver over the whole
  // project), server/test/fuzz.test.ts (2,000 requests), server/test/databaseOutage.pg.test.ts (rounds of outages),
  // scripts/newWidget.test.ts (the add-a-widget recipe whole, typecheck and production build included).
  testTimeout: 60_000,
  // CI has 2 cores: never more workers than that, whatever the machine says.
  maxWorkers: 2,
  projects: [
    {
      ...browserProject,
      displayName: 'client',
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', 'Widget\\.test\\.tsx$', '/src/components/Dialog/', '/src/ssrEntry\\.test\\.tsx$'],
    },
    { ...browserProject, displayName: 'components', testMatch: COMPONENT_TESTS },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts', '<rootDir>/bench/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/server/test/projectTimeout.ts'],
      transform: swcTransform,
      transformIgnorePatterns,
      // server/test/pageCache.test.ts and keptSignedIn.test.ts draw with the portal's own render (src/ssrEntry.tsx), as the build does
      moduleNameMapper: browserProject.moduleNameMapper,
    },
  ],
};

export default config;

/**
 * The widgets' design token comes from portalTokenCache.json, not from antd's working it out as a
 * page loads: the entry must be what antd would have worked out, served under its exact key only,
 * and only to a production build.
 */
import { StyleContext, StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { createElement, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { makePageStore } from '../firstView/pageStore';
import { defaultConfig } from '../platform/config';
import { createNavigation } from '../platform/navigation';
import { recordingReporter } from '../testing/renderWithProviders';
import portalTokenCache from '../firstView/portalTokenCache.json';
import type * as PortalStyleCache from '../firstView/portalStyleCache';
import { pageStyleCache, primedStyleCache, unpackTokenEntry } from '../firstView/portalStyleCache';
import { PORTAL_ANTD_CONFIG } from './theme';
import { WidgetShell } from './WidgetShell';

type Modules = {
  cssinjs: typeof import('@ant-design/cssinjs');
  antd: typeof import('antd');
  react: typeof import('react');
  server: typeof import('react-dom/server');
  styleCache: typeof PortalStyleCache;
  generator: typeof import('../../scripts/portalTokenCache');
  /** portalTokenCache.json as this registry loaded it */
  entry: typeof portalTokenCache;
};

/** The modules as a production build has them: cssinjs names its hash class after NODE_ENV as it loads. */
async function inProduction<T>(run: (modules: Modules) => T): Promise<T> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    let result: T | undefined;
    await jest.isolateModulesAsync(async () => {
      result = run({
        cssinjs: await import('@ant-design/cssinjs'),
        antd: await import('antd'),
        react: await import('react'),
        server: await import('react-dom/server'),
        styleCache: await import('../firstView/portalStyleCache'),
        generator: await import('../../scripts/portalTokenCache'),
        entry: (await import('../firstView/portalTokenCache.json')).default,
      });
    });
    return result as T;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

type CacheEntity = { cache: Map<string, [number, unknown]> };

/** The design tokens in a style cache after antd rendered a button under `config`: key → value. */
function tokensAfterRender({ cssinjs, antd, react, server }: Modules, cache: unknown, config: object) {
  const h = react.createElement;
  server.renderToString(
    h(cssinjs.StyleProvider, { cache: cache as never, hashPriority: 'high' }, h(antd.ConfigProvider, config, h(antd.Button, null, 'Continue'))),
  );
  return new Map([...(cache as CacheEntity).cache].filter(([key]) => key.startsWith('token%')).map(([key, [, value]]) => [key, value]));
}

it("holds what antd works out for the widgets' configuration in a production build (when this fails: npm run theme:token-cache)", async () => {
  const computed = await inProduction(({ generator }) => generator.computePortalTokenCache());

  expect(unpackTokenEntry(portalTokenCache)).toEqual(computed);
  // the file keeps the token once, and only what does not follow from it (issue 50)
  expect(portalTokenCache).toEqual(await inProduction(({ generator }) => generator.packTokenEntry(computed)));
  expect(Object.keys(portalTokenCache.extra).length).toBeLessThan(Object.keys(portalTokenCache.token).length / 10);
  // a production build's hash class, as the CSS files built from the theme use
  expect(JSON.stringify(computed.value)).toMatch(/"css-[0-9a-z]+"/);
});

it('antd takes the token from the cache instead of working it out', async () => {
  const [served, entry] = await inProduction((modules) => [
    tokensAfterRender(modules, modules.styleCache.primedStyleCache(), PORTAL_ANTD_CONFIG),
    modules.entry,
  ]);

  expect([...served.values()]).toHaveLength(1);
  const [value] = [...served.values()] as [[unknown, string, Record<string, unknown>]];
  expect(value).toEqual(unpackTokenEntry(entry).value);
  // the very token of the JSON: nothing was worked out
  expect(value[2]).toBe(entry.token);
});

it('serves it under its exact key only: other tokens are worked out by antd', async () => {
  const worked = await inProduction((modules) =>
    tokensAfterRender(modules, modules.styleCache.primedStyleCache(), {
      ...PORTAL_ANTD_CONFIG,
      theme: { ...PORTAL_ANTD_CONFIG.theme, token: { ...PORTAL_ANTD_CONFIG.theme.token, colorPrimary: '#123456' } },
    }),
  );

  const [value] = [...worked.values()] as [[unknown, string, Record<string, unknown>]];
  expect(value[2]).not.toBe(portalTokenCache.token);
  expect(value[2].colorPrimary).toBe('#123456');
});

it('serves nothing outside a production build, whose hash class the entry carries', () => {
  const here = { cssinjs: { StyleProvider }, antd: { Button, ConfigProvider }, react: { createElement }, server: { renderToString } } as unknown as Modules;

  const [value] = [...tokensAfterRender(here, primedStyleCache(), PORTAL_ANTD_CONFIG).values()] as [[unknown, string, unknown]];

  expect(value[2]).not.toBe(portalTokenCache.token);
  expect(value[1]).toMatch(/^css-dev-only-do-not-override-/);
});

it("renders every widget with the page's style cache", () => {
  function CacheProbe() {
    return <p>{useContext(StyleContext).cache === pageStyleCache ? 'the page cache' : 'another cache'}</p>;
  }
  const store = makePageStore({
    dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation: createNavigation(jest.fn()) },
  });

  render(
    <WidgetShell store={store} widget="test">
      <CacheProbe />
    </WidgetShell>,
  );

  expect(screen.getByText('the page cache')).toBeInTheDocument();
});

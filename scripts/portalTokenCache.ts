/**
 * `npm run theme:token-cache`: writes src/firstView/portalTokenCache.json, the design token cssinjs
 * works out for the widgets' antd configuration (src/widgets/theme.ts) as their first component
 * renders, in a production build. The widgets and the server render start from it instead of
 * working it out on every page load (src/firstView/portalStyleCache.ts). Run it after changing the
 * theme or antd; portalStyleCache.test.tsx says when.
 *
 * cssinjs picks its hash class's prefix from NODE_ENV as it loads: this module must be loaded with
 * NODE_ENV=production (the npm script sets it; the test loads it in a registry of its own).
 */
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider } from 'antd';
import fs from 'node:fs';
import path from 'node:path';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import type { TokenCacheEntry } from '../src/firstView/portalStyleCache';
import { PORTAL_ANTD_CONFIG } from '../src/widgets/theme';

export const TOKEN_CACHE_FILE = path.resolve(__dirname, '../src/firstView/portalTokenCache.json');

/** cssinjs's cache entries are `[times used, value]` under a key whose parts are joined by `%`. */
interface CacheEntity {
  cache: Map<string, [number, unknown]>;
}

export function computePortalTokenCache(): TokenCacheEntry {
  if (process.env.NODE_ENV !== 'production') throw new Error('load scripts/portalTokenCache.ts with NODE_ENV=production');
  const cache = createCache();
  // as WidgetShell.tsx renders a widget: its style provider, then antd's configuration
  renderToString(h(StyleProvider, { cache, hashPriority: 'high' }, h(ConfigProvider, PORTAL_ANTD_CONFIG, h(Button))));
  const tokens = [...(cache as unknown as CacheEntity).cache].filter(([key]) => key.startsWith('token%'));
  if (tokens.length !== 1 || !tokens[0]) throw new Error(`expected one design token in cssinjs's cache, found ${tokens.length}`);
  const [key, [, value]] = tokens[0];
  return { key, value };
}

if (require.main === module) {
  fs.writeFileSync(TOKEN_CACHE_FILE, `${JSON.stringify(computePortalTokenCache(), null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), TOKEN_CACHE_FILE)}`);
}

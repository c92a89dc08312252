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
import { createCache, StyleProvider, token2CSSVar } from '@ant-design/cssinjs';
import { Button, ConfigProvider } from 'antd';
import fs from 'node:fs';
import path from 'node:path';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { isDeepStrictEqual } from 'node:util';
import { unpackTokenEntry, type PackedTokenEntry, type TokenCacheEntry } from '../src/firstView/portalStyleCache';
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

/**
 * The entry as the file keeps it: the token, and what of the other parts does not follow from it
 * (src/firstView/portalStyleCache.ts, `unpackTokenEntry`). Fails if the packed entry does not
 * unpack to cssinjs's own value (a new cssinjs that writes its variables otherwise).
 */
export function packTokenEntry(entry: TokenCacheEntry): PackedTokenEntry {
  const [asVars, hashId, token, css, cssVarKey] = entry.value as [Record<string, unknown>, string, Record<string, unknown>, string, string];
  const asVar = (name: string) => `var(${token2CSSVar(name, cssVarKey)})`;
  const declared = new Map(
    css
      .slice(`.${cssVarKey}{`.length, -1)
      .split(';')
      .filter(Boolean)
      .map((declaration) => [declaration.slice(0, declaration.indexOf(':')), declaration.slice(declaration.indexOf(':') + 1)]),
  );
  const packed: PackedTokenEntry = {
    key: entry.key,
    hashId,
    token,
    cssVarKey,
    absent: Object.keys(token).filter((name) => !(name in asVars)),
    extra: Object.fromEntries(Object.entries(asVars).filter(([name, value]) => !(name in token) || value !== asVar(name))),
    unitless: Object.keys(token).filter(
      (name) => typeof token[name] === 'number' && declared.get(token2CSSVar(name, cssVarKey)) === String(token[name]),
    ),
  };
  if (!isDeepStrictEqual(unpackTokenEntry(packed), entry)) throw new Error("the packed design token does not unpack to cssinjs's value");
  return packed;
}

if (require.main === module) {
  fs.writeFileSync(TOKEN_CACHE_FILE, `${JSON.stringify(packTokenEntry(computePortalTokenCache()))}\n`);
  console.log(`wrote ${path.relative(process.cwd(), TOKEN_CACHE_FILE)}`);
}

import { createCache, createTheme } from '@ant-design/cssinjs';
import { theme } from 'antd';
import portalTokenCache from './portalTokenCache.json';

/** One entry of cssinjs's style cache: its key, and the value cssinjs computed under it. */
export interface TokenCacheEntry {
  key: string;
  value: unknown;
}

export type StyleCache = ReturnType<typeof createCache>;

/**
 * The design token's key as cssinjs builds it on this page: `token%<salt>%<theme id>%<tokens>%…`.
 * cssinjs numbers its themes in the order they are made, so the id is this page's own for antd's
 * default theme (the portal's theme has no algorithm of its own); the other parts are hashes of the
 * antd version, the tokens and the CSS variables' configuration.
 */
function keyOnThisPage(key: string): string {
  const [prefix, salt, , ...rest] = key.split('%');
  return [prefix, salt, createTheme(theme.defaultAlgorithm).id, ...rest].join('%');
}

/**
 * A cssinjs style cache that already holds the widgets' design token (portalTokenCache.json,
 * `npm run theme:token-cache`). antd works the token out as its first component renders: its
 * derivation, the hash of its 450 values and their CSS variables were one of the longest tasks
 * of every page load, 40-90 ms at 4x CPU (bench/RESULTS.md, "Main-thread tasks"). With the entry in the
 * cache, antd finds it there instead.
 *
 * Served only under its exact key, which changes with antd's version, the tokens and the CSS
 * variables' configuration: anything else is worked out by antd as before. Only in a production
 * build, whose hash class the entry carries (cssinjs names it differently in development).
 */
export function primedStyleCache(
  entry: TokenCacheEntry | null = process.env.NODE_ENV === 'production' ? portalTokenCache : null,
): StyleCache {
  const cache = createCache();
  if (!entry) return cache;
  const key = keyOnThisPage(entry.key);
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (path, valueFn) =>
    update(path, path === key ? (previous) => valueFn(previous ?? [0, entry.value]) : valueFn);
  return cache;
}

/** The page's one style cache, shared by its widgets as cssinjs's own default would be. */
export const pageStyleCache = primedStyleCache();

import { createCache, createTheme, token2CSSVar } from '@ant-design/cssinjs';
import { theme } from 'antd';
import portalTokenCache from './portalTokenCache.json';

/** One entry of cssinjs's style cache: its key, and the value cssinjs computed under it. */
export interface TokenCacheEntry {
  key: string;
  value: unknown;
}

export type StyleCache = ReturnType<typeof createCache>;

/**
 * The design token's entry as portalTokenCache.json holds it: cssinjs's value is
 * `[token as CSS variables, hash class, token, the variables' CSS, variables' key]`, and the first and
 * fourth are the third written out (`var(--lm-…)` per token, `.lm{--lm-…:value;…}`): a third of the
 * file each, so every page's first load carried the token three times (issue 50). Only the token is
 * kept, with what does not follow from it; `unpackTokenEntry` writes the rest out as cssinjs would
 * (`transformToken`), and portalStyleCache.test.tsx holds the result equal to what antd computes.
 */
export interface PackedTokenEntry {
  key: string;
  hashId: string;
  token: Record<string, unknown>;
  cssVarKey: string;
  /** tokens with no CSS variable (objects, booleans, antd's ignored ones) */
  absent: string[];
  /** the CSS-variable form's entries that are not the token's `var(--lm-…)` */
  extra: Record<string, unknown>;
  /** numeric tokens whose variable has no `px` */
  unitless: string[];
}

/** cssinjs's value for the packed entry (portalTokenCache.json), written out. */
export function unpackTokenEntry(packed: PackedTokenEntry): TokenCacheEntry {
  const { token, cssVarKey } = packed;
  const absent = new Set(packed.absent);
  const unitless = new Set(packed.unitless);
  const asVars: Record<string, unknown> = {};
  const declared = new Map<string, string>();
  for (const [name, value] of Object.entries(token)) {
    if (absent.has(name)) continue;
    const cssVar = token2CSSVar(name, cssVarKey);
    asVars[name] = `var(${cssVar})`;
    if (name in packed.extra) continue;
    declared.set(cssVar, typeof value === 'number' && !unitless.has(name) ? `${value}px` : String(value));
  }
  Object.assign(asVars, packed.extra);
  const css = `.${cssVarKey}{${[...declared].map(([cssVar, value]) => `${cssVar}:${value};`).join('')}}`;
  return { key: packed.key, value: [asVars, packed.hashId, token, css, cssVarKey] };
}

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
  entry: TokenCacheEntry | PackedTokenEntry | null = process.env.NODE_ENV === 'production' ? portalTokenCache : null,
): StyleCache {
  const cache = createCache();
  if (!entry) return cache;
  const key = keyOnThisPage(entry.key);
  // written out when antd first asks for it (once: the same object every time)
  let value: unknown;
  const valueOf = () => (value ??= 'value' in entry ? entry.value : unpackTokenEntry(entry).value);
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (path, valueFn) =>
    update(path, path === key ? (previous) => valueFn(previous ?? [0, valueOf()]) : valueFn);
  return cache;
}

/** The page's one style cache, shared by its widgets as cssinjs's own default would be. */
export const pageStyleCache = primedStyleCache();

/**
 * Build-time antd CSS (issue 18) in the webpack config: antd runs with `zeroRuntime` in the
 * widgets (WidgetShell.tsx), and its component styles come as CSS files instead, rendered from
 * the portal's theme at build time (renderAntdStyles.ts) and loaded by webpack's runtime with the
 * chunk that needs them (a page gets the CSS of its own components; antdCssLoader.ts).
 */
import type { RuleSetRule, RuleSetUseItem } from 'webpack';
import { STYLE_MODULE, type AntdCssLoaderOptions } from './antdCssLoader';

const LOADER = require.resolve('./antdCssLoader');

/** The loader that adds a module's antd CSS imports: to run first on our own TypeScript modules. */
export function antdCssInjection(nodeEnv: AntdCssLoaderOptions['nodeEnv']): RuleSetUseItem {
  return { loader: LOADER, options: { role: 'inject', nodeEnv } satisfies AntdCssLoaderOptions };
}

/** The rule of the CSS modules themselves (plain CSS: antd's rules are scoped by their own classes). */
export function antdCssRule(nodeEnv: AntdCssLoaderOptions['nodeEnv']): RuleSetRule {
  return {
    test: (resource: string) => resource === STYLE_MODULE,
    resourceQuery: /^\?style=/,
    type: 'css',
    use: [{ loader: LOADER, options: { role: 'css', nodeEnv } satisfies AntdCssLoaderOptions }],
  };
}

/**
 * antd's component styles rendered at build time (issue 18): each antd component the app imports
 * is rendered once, server-side, under the portal's own ConfigProvider (the `lm` prefix, the theme
 * of src/widgets/theme.ts, the widgets' high-priority hashed selectors), and the styles antd's
 * CSS-in-JS registers for it are collected. The widgets then run antd with `zeroRuntime` and load
 * these as CSS files (scripts/antdCss/antdCssWebpack.ts).
 *
 * Only the component styles: the design tokens, as CSS variables, are still written by antd at
 * runtime (small, and what lets token values change without touching these rules).
 *
 * Run in its own process (cli.ts): @ant-design/cssinjs picks its class prefix from NODE_ENV when it
 * loads (`css-dev-only-do-not-override-…` outside production), and the build's mode decides it.
 */
import postcss, { type Rule } from 'postcss';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { extract as extractStyleEntry } from '@ant-design/cssinjs/lib/hooks/useStyleRegister';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Collapse,
  ConfigProvider,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Spin,
  Steps,
  Typography,
} from 'antd';
import { PORTAL_ANTD_CONFIG, PORTAL_PREFIX_CLS, portalTheme } from '../../src/widgets/theme';

/**
 * What to render so that every style of an antd export is registered: its variants that have
 * their own style hooks (Form.Item, Input.Password, Checkbox.Group…). An export the app imports
 * without a recipe here fails the build (antdCssWebpack.ts), so no component ships unstyled.
 */
export const RECIPES: Readonly<Record<string, () => ReactNode>> = {
  Alert: () => [
    h(Alert, { key: 1, title: 'a', description: 'b', showIcon: true, closable: true }),
    h(Alert, { key: 2, type: 'error', title: 'a', banner: true }),
  ],
  App: () => h(App, null, 'a'),
  Button: () => [h(Button, { key: 1, type: 'primary' }, 'a'), h(Button, { key: 2, type: 'link', loading: true }, 'b')],
  Card: () => h(Card, { title: 'a', extra: 'b' }, 'c'),
  Checkbox: () => [h(Checkbox, { key: 1 }, 'a'), h(Checkbox.Group, { key: 2, options: ['b'] })],
  Collapse: () => h(Collapse, { items: [{ key: 'a', label: 'a', children: 'b' }], defaultActiveKey: ['a'] }),
  // the reset every component shares (links, icons) is registered by any component
  ConfigProvider: () => h(Flex, null),
  Flex: () => h(Flex, { gap: 'small', wrap: true }, 'a'),
  Form: () =>
    h(
      Form,
      { layout: 'vertical' },
      h(
        Form.Item,
        { label: 'a', help: 'b', extra: 'c', validateStatus: 'error', hasFeedback: true, required: true },
        h(Input, null),
      ),
    ),
  Input: () => [
    h(Input, { key: 1, prefix: 'a', suffix: 'b', allowClear: true }),
    h(Input.Password, { key: 2 }),
    h(Input.TextArea, { key: 3, showCount: true }),
  ],
  Radio: () => [
    h(Radio.Group, { key: 1, options: ['a'] }),
    h(Radio.Group, { key: 2, optionType: 'button', options: ['b'] }),
  ],
  Result: () => h(Result, { status: 'success', title: 'a', subTitle: 'b', extra: 'c' }),
  Spin: () => h(Spin, { description: 'a' }, h('div', null)),
  Steps: () => h(Steps, { current: 1, items: [{ title: 'a' }, { title: 'b', content: 'c' }] }),
  Typography: () => [
    h(Typography.Title, { key: 1 }, 'a'),
    h(Typography.Text, { key: 2, type: 'secondary' }, 'b'),
    h(Typography.Paragraph, { key: 3 }, 'c'),
    h(Typography.Link, { key: 4 }, 'd'),
  ],
};

/** Exports of 'antd' that render nothing of their own (the `theme` helpers). */
export const STYLELESS_EXPORTS: readonly string[] = ['theme'];

export interface StyleEntry {
  /** antd's style cache path, e.g. `Button-Button|lm-btn|lm-icon`: one style, registered once per page */
  key: string;
  css: string;
  /** antd's priority: resets and components before sub-components */
  order: number;
}

export interface AntdStyles {
  /** every style, in the one order every module imports them in (antd's priority, then first registration) */
  entries: StyleEntry[];
  /** export name -> the keys of the styles rendering it registers */
  exports: Record<string, string[]>;
  /** exports that need no CSS */
  styleless: readonly string[];
}

const STYLE_PREFIX = 'style%';

/**
 * Animation names are global: the icons' unhashed `@keyframes loadingCircle` would replace a host
 * page's own of that name. Each gets the portal's prefix, in the one style that defines and uses it.
 */
function ownKeyframes(css: string): string {
  let scoped = css;
  for (const [, name] of css.matchAll(/@keyframes ([\w-]+)/g)) {
    if (!name || name.startsWith('css-') || name.startsWith(`${PORTAL_PREFIX_CLS}-`)) continue;
    scoped = scoped.replace(new RegExp(`(?<![\\w-])${name}(?![\\w-])`, 'g'), `${PORTAL_PREFIX_CLS}-${name}`);
  }
  return scoped;
}

/**
 * antd's shared reset (links: `a.css-HASH`, `.css-HASH a`) is scoped by the hash class alone, and
 * a host page running the same antd version has that class too: its links would take the
 * portal's link colours. Here it also needs the portal's own class, which antd puts on every
 * component root of ours (the CSS-variable key, `lm`); `:where()` keeps the specificity antd
 * gave it.
 */
function onlyOnPortalRoots(css: string): string {
  const rootClass = portalTheme.cssVar && typeof portalTheme.cssVar === 'object' ? portalTheme.cssVar.key : undefined;
  if (!rootClass) throw new Error('portalTheme.cssVar.key is the class the shared reset is scoped to');
  return css.replace(/\.(css-(?:dev-only-do-not-override-)?[a-z0-9]+)(?![\w-])/g, `.$1:where(.${rootClass})`);
}

function render(node: ReactNode): StyleEntry[] {
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache, hashPriority: 'high' },
      // the widgets' configuration, with antd drawing its styles (they are what is collected here)
      h(ConfigProvider, { ...PORTAL_ANTD_CONFIG, theme: portalTheme }, node),
    ),
  );
  // cssinjs's internal map (its extractStyle adds an SSR cache-path rule a static file must not carry)
  const internal = cache as unknown as { cache: Map<string, [number, unknown]> };
  const entries: StyleEntry[] = [];
  for (const [cacheKey, [, value]] of internal.cache) {
    if (!cacheKey.startsWith(STYLE_PREFIX)) continue;
    const extracted = extractStyleEntry(value as Parameters<typeof extractStyleEntry>[0], {}, { plain: true });
    if (!extracted) continue;
    const [order, , css] = extracted;
    // the key without the hash (segment 1), which is the same for every entry of one build
    const key = cacheKey.split('%').slice(2).join('|');
    const ours = withoutUnusedVariants(key.startsWith('Grid-Grid|') && !usesGridSpans() ? withoutColumnSpans(css) : css);
    entries.push({ key, css: ownKeyframes(key.startsWith('Shared|') ? onlyOnPortalRoots(ours) : ours), order });
  }
  return entries;
}

/** The antd exports that lay out with the grid's spans: none of them has a recipe while nothing of ours imports them. */
const GRID_EXPORTS = ['Col', 'Row', 'Grid'];

/** A grid column's span, offset, push, pull or order class, at any breakpoint (`lm-col-12`, `lm-col-md-offset-2`). */
const COLUMN_SPAN = new RegExp(`\\.${PORTAL_PREFIX_CLS}-col-(?:(?:xs|sm|md|lg|xl|xxl|xxxl)-)?(?:offset-|push-|pull-|order-)?\\d+(?![\\w-])`);

/**
 * The grid's column style (about 77 kB, 60 % of the form pages' antd CSS) is mostly the classes of
 * `<Col span=…>` at every breakpoint. The portal's only columns are Form.Item's label and control,
 * which take none (vertical forms), so while no module of ours imports Col, Row or Grid (their
 * recipes would then exist: an import without one fails the build) those rules are left out: a
 * smaller stylesheet for the browser to parse before the first paint. The column's own rules stay.
 */
export function withoutColumnSpans(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (rule.selectors.every((selector) => COLUMN_SPAN.test(selector))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

const usesGridSpans = () => GRID_EXPORTS.some((name) => name in RECIPES);

/**
 * The classes of the variants antd styles and the portal never asks for (each only through a prop or
 * the ConfigProvider's option named beside it, which `UNUSED_VARIANT_PROPS` finds nowhere in src/:
 * renderAntdStyles.test.ts): right-to-left (`direction`), the inputs' filled, borderless and
 * underlined looks (`variant`), the buttons' dashed and filled looks and preset colours (`type="dashed"`,
 * `variant`, `color`), the alert's filled look (`variant`) and the borderless collapse (`bordered`).
 * Not Steps' `-filled`: its default.
 */
export const UNUSED_VARIANT_CLASS = new RegExp(
  `\\.${PORTAL_PREFIX_CLS}-(?:[\\w-]+-rtl|input-(?:group-wrapper-)?(?:filled|borderless|underlined)|btn-variant-(?:dashed|filled)|` +
    'btn-color-(?:blue|purple|cyan|green|magenta|pink|red|orange|yellow|volcano|geekblue|lime|gold)|alert-filled|collapse-borderless)(?![\\w-])',
);
/** What in our code or antd configuration would ask for one of those variants. */
export const UNUSED_VARIANT_PROPS = /\b(?:variant|color|bordered|direction)=|type="dashed"|\b(?:variant|direction):/;

/**
 * Those variants' rules left out (a rule when each of its selectors is one; a selector of a list
 * alone otherwise): a fifth of the form pages' antd CSS, rules the browser matched against every
 * element of the first view for nothing (issue 50).
 */
export function withoutUnusedVariants(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    const used = rule.selectors.filter((selector) => !UNUSED_VARIANT_CLASS.test(selector));
    if (!used.length) rule.remove();
    else if (used.length < rule.selectors.length) rule.selectors = used;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** antd's priority first, then the order of first registration (a stable sort keeps it) */
const byPriority = (a: StyleEntry, b: StyleEntry) => a.order - b.order;

export function renderAntdStyles(): AntdStyles {
  const byKey = new Map<string, StyleEntry>();
  const exports: Record<string, string[]> = {};
  for (const [name, recipe] of Object.entries(RECIPES)) {
    const entries = render(recipe()).sort(byPriority);
    exports[name] = entries.map((entry) => entry.key);
    for (const entry of entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  return { entries: [...byKey.values()].sort(byPriority), exports, styleless: STYLELESS_EXPORTS };
}

import { PORTAL_PREFIX_CLS } from '../../src/widgets/theme';
import { antdImportsOf } from './antdCssLoader';
import fs from 'node:fs';
import path from 'node:path';
import {
  renderAntdStyles,
  UNUSED_VARIANT_CLASS,
  UNUSED_VARIANT_PROPS,
  withoutColumnSpans,
  withoutUnusedVariants,
  type AntdStyles,
} from './renderAntdStyles';

/** Every selector of a style sheet, with the names of its @keyframes (a small parser: antd's output has no strings with braces). */
function selectorsOf(css: string): { selectors: string[]; keyframes: string[] } {
  const selectors: string[] = [];
  const keyframes: string[] = [];
  let position = 0;
  const block = (): void => {
    while (position < css.length && css[position] !== '}') {
      const open = css.indexOf('{', position);
      const prelude = css.slice(position, open).trim();
      position = open + 1;
      if (prelude.startsWith('@keyframes')) {
        keyframes.push(prelude.slice('@keyframes'.length).trim());
        skip();
      } else if (prelude.startsWith('@')) {
        block();
        position += 1;
      } else {
        selectors.push(...splitSelectorList(prelude));
        position = css.indexOf('}', position) + 1;
      }
    }
  };
  const skip = () => {
    for (let depth = 1; depth > 0; position += 1) {
      if (css[position] === '{') depth += 1;
      if (css[position] === '}') depth -= 1;
    }
  };
  block();
  return { selectors, keyframes };
}

function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    if (list[i] === '(' || list[i] === '[') depth += 1;
    if (list[i] === ')' || list[i] === ']') depth -= 1;
    if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

describe('antd styles rendered at build time', () => {
  let styles: AntdStyles;
  beforeAll(() => {
    styles = renderAntdStyles();
  });

  it('cannot touch a host page: every selector needs a class of the portal prefix, every animation name is the portal’s', () => {
    const { selectors, keyframes } = selectorsOf(styles.entries.map((entry) => entry.css).join(''));
    expect(selectors.length).toBeGreaterThan(500);
    // `.lm-btn`, `[class^="lm-btn"]` (antd's box-sizing reset inside a component) and the like
    const ownClass = new RegExp(`\\.${PORTAL_PREFIX_CLS}(-|\\b)|\\[class[*^]="\\s?${PORTAL_PREFIX_CLS}-`);
    const unscoped = selectors.filter((selector) => !ownClass.test(selector.split(/\s+/)[0] ?? ''));
    expect(unscoped).toEqual([]);
    expect(keyframes.length).toBeGreaterThan(0);
    expect(keyframes.filter((name) => !/^css-[a-z0-9]+-|^lm-/.test(name))).toEqual([]);
  });

  it('the parser sees an unscoped rule (so the check above can fail)', () => {
    expect(selectorsOf('a.x{color:red}@media (x){.lm-a,b{c:d}}@keyframes k{0%{a:b}}')).toEqual({
      selectors: ['a.x', '.lm-a', 'b'],
      keyframes: ['k'],
    });
  });

  it('is built from the portal theme: the rules read its tokens as the `lm` CSS variables, and no SSR cache rule', () => {
    const css = styles.entries.map((entry) => entry.css).join('');
    expect(css).toContain('var(--lm-color-primary)');
    expect(css).not.toContain('var(--ant-');
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
  });

  it('leaves out the grid column classes no module of ours uses (spans, offsets, at every breakpoint); the column itself keeps its rules', () => {
    const column = styles.entries.find((entry) => entry.key.startsWith('Grid-Grid|lm-col|'));
    expect(column).toBeDefined();
    const { selectors } = selectorsOf(column?.css ?? '');
    expect(selectors.filter((selector) => /\.lm-col$/.test(selector)).length).toBeGreaterThan(0);
    expect(selectors.filter((selector) => /\.lm-col-(\w+-)?(offset-|push-|pull-|order-)?\d+\b/.test(selector))).toEqual([]);
    expect((column?.css ?? '').length).toBeLessThan(5_000);
  });

  it('leaves out the variants the portal never asks for, and keeps the ones it draws', () => {
    const { selectors } = selectorsOf(styles.entries.map((entry) => entry.css).join(''));
    expect(selectors.filter((selector) => UNUSED_VARIANT_CLASS.test(selector))).toEqual([]);
    for (const drawn of ['.lm-input-outlined', '.lm-steps-filled', '.lm-btn-variant-solid', '.lm-btn-variant-link', '.lm-alert-error']) {
      expect(selectors.some((selector) => selector.includes(drawn))).toBe(true);
    }
  });

  it('lists, for each export, the styles it registers; every style once', () => {
    expect(styles.exports.Form).toEqual(expect.arrayContaining(['Form-Form|lm-form|lm-icon', 'Form-item-item|lm-form|lm-icon']));
    expect(styles.exports.Button).toContain('Button-Button|lm-btn|lm-icon');
    const keys = styles.entries.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('withoutColumnSpans', () => {
  it('removes a rule only when each of its selectors is a span class, and a media query it empties', () => {
    const css =
      '.h.lm-col{position:relative}.h.lm-col-12{flex:0 0 50%}.h.lm-col-24.lm-form-item-label,.h.lm-form-item-label{padding:0}' +
      '@media (min-width: 576px){.h.lm-col-sm-offset-2{margin-inline-start:8%}}@media (min-width: 768px){.h.lm-col-md-flex{flex:1}.h.lm-col-md-push-3{left:1%}}';
    expect(withoutColumnSpans(css)).toBe(
      '.h.lm-col{position:relative}.h.lm-col-24.lm-form-item-label,.h.lm-form-item-label{padding:0}' +
        '@media (min-width: 768px){.h.lm-col-md-flex{flex:1}}',
    );
  });
});

describe('withoutUnusedVariants', () => {
  it("removes a rule when each of its selectors is an unused variant's, a selector of a list alone otherwise, and a media query it empties", () => {
    const css =
      '.h.lm-input-outlined{border:1px}.h.lm-input-filled{background:red}.h.lm-btn-color-purple,.h.lm-btn-variant-solid{color:blue}' +
      '.h.lm-steps-filled .lm-steps-item{a:b}.h.lm-input-rtl{direction:rtl}@media (max-width: 575px){.h.lm-collapse-borderless{c:d}}';
    expect(withoutUnusedVariants(css)).toBe('.h.lm-input-outlined{border:1px}.h.lm-btn-variant-solid{color:blue}.h.lm-steps-filled .lm-steps-item{a:b}');
  });

  it('holds only while no module of ours asks for one of those variants (a prop or an antd option)', () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(file);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
      });
    const files = sources(path.resolve(__dirname, '../../src'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => UNUSED_VARIANT_PROPS.test(fs.readFileSync(file, 'utf8')))).toEqual([]);
    expect(UNUSED_VARIANT_PROPS.test('<Input variant="filled" />')).toBe(true);
    expect(UNUSED_VARIANT_PROPS.test("{ direction: 'rtl' }")).toBe(true);
  });
});

describe('antdImportsOf (which components a module renders)', () => {
  it('reads named value imports of antd, not types', () => {
    expect(antdImportsOf('a.tsx', "import { Button, type ButtonProps, Form as F } from 'antd';\nimport x from 'y';")).toEqual([
      'Button',
      'Form',
    ]);
    expect(antdImportsOf('a.ts', "import type { ThemeConfig } from 'antd';")).toEqual([]);
  });

  it('refuses imports it cannot map to styles', () => {
    expect(() => antdImportsOf('a.ts', "import * as antd from 'antd';")).toThrow(/by name/);
    expect(() => antdImportsOf('a.ts', "import Button from 'antd/es/button';")).toThrow(/from 'antd'/);
  });
});

/**
 * The webpack side of the build-time antd styles (issue 18; wired in antdCssWebpack.ts).
 *
 * - `inject` (on our own modules, and the bench's floor pages): a module that imports antd
 *   components also imports the CSS of each style they register, one module per style
 *   (`antd-style.css?style=…`). webpack places each style with the code that needs it and keeps
 *   one copy per file, so a page's CSS holds the components of that page and no other.
 * - `css` (on those `antd-style.css?style=…` modules): the style's rules, rendered from the
 *   portal's theme (renderAntdStyles.ts) in a process of its own, once per build while the theme
 *   files are unchanged.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { LoaderContext } from 'webpack';
import type { AntdStyles } from './renderAntdStyles';

export interface AntdCssLoaderOptions {
  role: 'inject' | 'css';
  /** the NODE_ENV the styles are rendered with (antd's hash class depends on it) */
  nodeEnv: 'production' | 'development';
}

const ROOT = path.resolve(__dirname, '../..');
export const STYLE_MODULE = path.join(__dirname, 'antd-style.css');
/** What the styles are rendered from: a change to one re-renders them (also in watch mode). */
export const STYLE_SOURCES = [
  'src/widgets/theme.ts',
  'src/platform/palette.ts',
  'scripts/antdCss/renderAntdStyles.ts',
].map((file) => path.join(ROOT, file));

const rendered = new Map<string, { stamp: string; styles: Promise<AntdStyles> }>();

function renderInChild(nodeEnv: string): Promise<AntdStyles> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, 'cli.ts')],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: nodeEnv }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`rendering antd's styles failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout) as AntdStyles);
      },
    );
  });
}

export function antdStyles(nodeEnv: string): Promise<AntdStyles> {
  const stamp = STYLE_SOURCES.map((file) => fs.statSync(file).mtimeMs).join(':');
  const cached = rendered.get(nodeEnv);
  if (cached && cached.stamp === stamp) return cached.styles;
  const styles = renderInChild(nodeEnv);
  rendered.set(nodeEnv, { stamp, styles });
  return styles;
}

/** The antd value imports of a module: `import { Button, type ButtonProps } from 'antd'` -> ['Button']. */
export function antdImportsOf(fileName: string, source: string): string[] {
  if (!source.includes('antd')) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (specifier !== 'antd') {
      if (specifier.startsWith('antd/')) throw new Error(`${fileName}: import antd's components from 'antd' (their CSS is made for those)`);
      continue;
    }
    const bindings = clause.namedBindings;
    if (clause.name || (bindings && ts.isNamespaceImport(bindings))) {
      throw new Error(`${fileName}: import antd's components by name (their CSS is made per component)`);
    }
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
  }
  return names;
}

export function styleRequest(key: string): string {
  return `${JSON.stringify(`${STYLE_MODULE}?style=${encodeURIComponent(key)}`)}`;
}

export default function antdCssLoader(this: LoaderContext<AntdCssLoaderOptions>, source: string): void {
  const callback = this.async();
  const { role, nodeEnv } = this.getOptions();
  for (const file of STYLE_SOURCES) this.addDependency(file);
  antdStyles(nodeEnv)
    .then((styles) => {
      if (role === 'css') {
        const key = new URLSearchParams(this.resourceQuery).get('style') ?? '';
        const entry = styles.entries.find((candidate) => candidate.key === key);
        if (!entry) throw new Error(`no antd style "${key}"`);
        return callback(null, entry.css);
      }
      const keys = new Set<string>();
      for (const name of antdImportsOf(this.resourcePath, source)) {
        const registered = styles.exports[name];
        if (registered) registered.forEach((key) => keys.add(key));
        else if (!styles.styleless.includes(name)) {
          throw new Error(
            `${this.resourcePath}: antd's ${name} has no recipe in scripts/antdCss/renderAntdStyles.ts: add one so its CSS is built`,
          );
        }
      }
      if (keys.size === 0) return callback(null, source);
      // every module in the one order of `entries`: the cascade is the same on every page
      const inOrder = styles.entries.filter((entry) => keys.has(entry.key)).map((entry) => entry.key);
      const imports = inOrder.map((key) => `import ${styleRequest(key)};`).join('\n');
      callback(null, `${source}\n${imports}\n`);
    })
    .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
}

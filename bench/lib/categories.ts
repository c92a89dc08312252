/**
 * Which part of the bundle a source file belongs to: react, antd and its dependencies, the redux
 * stack, our own code, or another third-party package (named, so the contributors can be listed).
 * The antd and redux groups are the roots below plus everything they depend on (read from
 * node_modules), so a new transitive dependency is classified without editing this file.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export type Category = 'react' | 'antd' | 'redux' | 'own' | 'other';
export const CATEGORIES: Category[] = ['react', 'antd', 'redux', 'own', 'other'];
export const CATEGORY_LABEL: Record<Category, string> = {
  react: 'react+dom',
  antd: 'antd+deps',
  redux: 'redux stack',
  own: 'own code',
  other: 'other 3rd-party',
};

const REACT = ['react', 'react-dom', 'scheduler'];
const ANTD_ROOTS = ['antd', '@ant-design/cssinjs', '@ant-design/icons', 'dayjs'];
const REDUX_ROOTS = ['@reduxjs/toolkit', 'redux', 'react-redux', 'redux-saga', 'immer', 'reselect', 'redux-thunk'];

function dependenciesOf(name: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    return Object.keys(manifest.dependencies ?? {});
  } catch {
    return [];
  }
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name) || REACT.includes(name)) continue;
    seen.add(name);
    queue.push(...dependenciesOf(name));
  }
  return seen;
}

let groups: { antd: Set<string>; redux: Set<string> } | null = null;

export function packageCategory(pkg: string): Category {
  groups ??= { antd: closure(ANTD_ROOTS), redux: closure(REDUX_ROOTS) };
  if (REACT.includes(pkg)) return 'react';
  if (REDUX_ROOTS.includes(pkg) || pkg.startsWith('@redux-saga/')) return 'redux';
  if (pkg === 'antd' || pkg.startsWith('@ant-design/') || pkg.startsWith('@rc-component/') || pkg.startsWith('rc-')) {
    return 'antd';
  }
  if (groups.antd.has(pkg)) return 'antd';
  if (groups.redux.has(pkg)) return 'redux';
  return 'other';
}

/** The npm package a module path is in (the last node_modules segment), or null for our code. */
export function packageOf(modulePath: string): string | null {
  const normalized = modulePath.replace(/\\/g, '/');
  const index = normalized.lastIndexOf('node_modules/');
  if (index < 0) return null;
  const parts = normalized.slice(index + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? null);
}

/** A source-map source ('webpack://loanmanager/./node_modules/x/y.js') to its category and package. */
export function classifySource(source: string | null): { category: Category; pkg: string } {
  if (source === null) return { category: 'own', pkg: '(webpack runtime / unmapped)' };
  const pkg = packageOf(source);
  if (pkg === null) {
    if (/webpack\/(runtime|bootstrap)|^webpack:\/\/[^/]*\/webpack\//.test(source)) {
      return { category: 'own', pkg: '(webpack runtime / unmapped)' };
    }
    return { category: 'own', pkg: '(own code)' };
  }
  return { category: packageCategory(pkg), pkg };
}

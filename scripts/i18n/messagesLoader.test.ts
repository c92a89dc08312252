import path from 'node:path';
import fs from 'node:fs';
import type { LoaderContext } from 'webpack';
import messagesLoader from './messagesLoader';

const LOCALES = path.resolve(__dirname, '../../src/platform/i18n/locales');

function load(file: string, query: string) {
  const dependencies: string[] = [];
  const context = { resourcePath: path.join(LOCALES, file), resourceQuery: query, addDependency: (dependency: string) => dependencies.push(dependency) };
  const output = messagesLoader.call(context as unknown as LoaderContext<unknown>, fs.readFileSync(path.join(LOCALES, file), 'utf8'));
  const json = /^export default JSON\.parse\((".*")\);$/.exec(output)?.[1];
  if (!json) throw new Error(`unexpected output: ${output.slice(0, 80)}`);
  return { messages: JSON.parse(JSON.parse(json) as string) as Record<string, unknown>, dependencies };
}

describe('the catalog loader (a widget downloads its own texts, in its own language)', () => {
  it('emits only the namespace asked for and the shared ones, compiled', () => {
    const { messages } = load('es.json', '?ns=login');
    const namespaces = new Set(Object.keys(messages).map((id) => id.slice(0, id.indexOf('.'))));
    expect([...namespaces].sort()).toEqual(expect.arrayContaining(['common', 'validation']));
    for (const namespace of namespaces) expect(['common', 'validation', 'login']).toContain(namespace);
    expect(messages['validation.required']).toEqual(['Este campo es obligatorio']);
  });

  it('a translation is rebuilt when the English catalog changes (its fallback)', () => {
    expect(load('es.json', '?ns=login').dependencies).toEqual([path.join(LOCALES, 'en.json')]);
  });

  it('refuses an import without a namespace (it would ship every text)', () => {
    expect(() => load('en.json', '')).toThrow(/\?ns=/);
  });
});

/**
 * webpack loader of a language's catalog for one part of the portal:
 * `src/platform/i18n/locales/es.json?ns=goGreen` is the compiled messages of the `goGreen` namespace and
 * the shared ones (src/platform/i18n/compileMessages.ts), so a page downloads only its own widgets' texts, in its
 * own language. Keys missing from a translation take the English text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoaderContext } from 'webpack';
import { compileMessages, type SourceMessages } from '../../src/platform/i18n/compileMessages';

const parse = (text: string, file: string): SourceMessages => {
  try {
    return JSON.parse(text) as SourceMessages;
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
  }
};

export default function messagesLoader(this: LoaderContext<unknown>, source: string): string {
  const query = new URLSearchParams(this.resourceQuery);
  const namespaces = query.get('ns')?.split(',').filter(Boolean) ?? [];
  if (namespaces.length === 0) throw new Error(`${this.resourcePath}: import a catalog with ?ns=<namespace> (or ?ns=* for all of it)`);
  const englishPath = path.join(path.dirname(this.resourcePath), 'en.json');
  this.addDependency(englishPath);
  const fallback = this.resourcePath === englishPath ? undefined : parse(fs.readFileSync(englishPath, 'utf8'), englishPath);
  // `shared=0`: the namespace alone (the loader's few texts, before any widget downloads)
  const shared = query.get('shared') !== '0';
  // `*`: the whole catalog (QA's replay page, which shows any widget in a recording's language)
  const messages = compileMessages(parse(source, this.resourcePath), {
    namespaces: namespaces.includes('*') ? undefined : namespaces,
    fallback,
    shared,
  });
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
}

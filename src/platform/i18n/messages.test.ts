/**
 * The key check (issue 19): the catalogs hold every text of the portal, in every language, with
 * the same keys, the same placeholders and valid ICU; every key is used; no English is left in a
 * translation. A missing translation would show English to a Spanish borrower: here it fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessages, namespaceOf, SHARED_NAMESPACES, type SourceMessages } from './compileMessages';
import { LOCALES } from './locales';

const LOCALES_DIR = path.join(__dirname, 'locales');
const ROOT = path.resolve(__dirname, '../../..');

const read = (file: string): SourceMessages => JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as SourceMessages;
const catalogFiles = fs.readdirSync(LOCALES_DIR).filter((file) => file.endsWith('.json'));
const english = read('en.json');
const translations = catalogFiles.filter((file) => file !== 'en.json').map((file) => ({ file, catalog: read(file) }));

/** The names of a compiled message's arguments, and its element tags (`<0>`), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      if (name !== '#') names.add(name);
      if (format && typeof format === 'object') {
        for (const [key, choice] of Object.entries(format)) if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  for (const [tag] of message.matchAll(/<\/?\d+\/?>/g)) names.add(tag);
  return [...names].sort();
}

/** Every file of the code that may name a message id: src and server, not tests. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Words that are English, not Spanish: one of them in a Spanish text is an untranslated piece.
 * (Names and brands that stay, like "Go Green" and "Loan Manager", are not among them.)
 */
const ENGLISH_WORDS = /\b(the|your|you|please|and|with|to|of|is|are|have|this|that|email|click|here|loan|password|username|sign|page|again)\b/i;
/** Ids whose text is the same in Spanish: names, brands, formats. */
const SAME_IN_EVERY_LANGUAGE = new Set<string>(['goGreen.title', 'portal.title.goGreen', 'server.overview.no']);

describe('the message catalogs', () => {
  it('have one file per language of LOCALES, and no other', () => {
    expect(catalogFiles.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...LOCALES].sort());
  });

  it.each(translations)('$file has exactly the keys of en.json', ({ catalog }) => {
    const keys = Object.keys(catalog);
    expect({ missing: Object.keys(english).filter((id) => !(id in catalog)), extra: keys.filter((id) => !(id in english)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each([{ file: 'en.json', catalog: english }, ...translations])('$file: every message is valid ICU, and every id has a namespace', ({ catalog }) => {
    const invalid: string[] = [];
    for (const [id, message] of Object.entries(catalog)) {
      try {
        compileMessageOrThrow(message);
      } catch (error) {
        invalid.push(`${id}: ${(error as Error).message}`);
      }
      if (namespaceOf(id) === '') invalid.push(`${id}: no namespace`);
    }
    expect(invalid).toEqual([]);
  });

  it.each(translations)('$file: every message has the placeholders and element tags of its English text', ({ catalog }) => {
    const different = Object.keys(english)
      .filter((id) => id in catalog)
      .map((id) => ({ id, english: argumentsOf(english[id] as string), translated: argumentsOf(catalog[id] as string) }))
      .filter((entry) => entry.english.join() !== entry.translated.join());
    expect(different).toEqual([]);
  });

  it.each(translations)('$file: no English is left (same text as English, or English words)', ({ catalog }) => {
    const english_left = Object.entries(catalog)
      .filter(([id]) => !SAME_IN_EVERY_LANGUAGE.has(id))
      .filter(([id, message]) => {
        const words = message.replace(/\{[^}]*\}|<\/?\d+>|Go Green|Loan Manager/g, '');
        // a message of placeholders only ("{field}: {message}") has nothing to translate
        return /\p{L}/u.test(words) && (message === english[id] || ENGLISH_WORDS.test(words));
      })
      .map(([id, message]) => `${id}: ${message}`);
    expect(english_left).toEqual([]);
  });

  it('the English-words check can fail (an untranslated text is caught)', () => {
    expect(ENGLISH_WORDS.test('Please enter your password')).toBe(true);
    expect(ENGLISH_WORDS.test('Ingrese su contraseña')).toBe(false);
  });

  it('every key is used by the code (src or server), by its literal id', () => {
    const code = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'server'))]
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english).filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`) && !code.includes(`\`${id}\``));
    expect(unused).toEqual([]);
  });
});

describe('compileMessages (what the build and the server load)', () => {
  const source = { 'common.hello': 'Hola, {name}', 'goGreen.title': 'Sin papel', 'login.title': 'Iniciar sesión' };
  const fallback = { ...source, 'goGreen.extra': 'Only in English' };

  it('takes the namespaces asked for and the shared ones, and no other', () => {
    expect(Object.keys(compileMessages(source, { namespaces: ['goGreen'] })).sort()).toEqual(['common.hello', 'goGreen.title']);
    expect(SHARED_NAMESPACES).toContain('common');
  });

  it('a key missing from a translation takes the English text, never the key name', () => {
    expect(compileMessages(source, { namespaces: ['goGreen'], fallback })['goGreen.extra']).toEqual(['Only in English']);
  });

  it('refuses invalid ICU instead of shipping it', () => {
    expect(() => compileMessages({ 'common.broken': 'Hola {name' })).toThrow();
  });
});

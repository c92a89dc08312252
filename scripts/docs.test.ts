/**
 * The docs stay short and current (STYLE.md point 22): the architecture under 150 lines, no line
 * of a topic file longer than a paragraph, and the embedding guide naming every widget of the catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import { WIDGET_CATALOG } from '../src/platform/widgetCatalog';

const docs = path.resolve(__dirname, '../docs');
const read = (name: string) => fs.readFileSync(path.join(docs, name), 'utf8');
const TOPICS = ['architecture.md', 'first-view.md', 'i18n.md', 'state-and-data.md', 'testing.md'];

test('docs/architecture.md is under 150 lines', () => {
  expect(read('architecture.md').split('\n').length).toBeLessThan(150);
});

test.each(TOPICS)('%s has no line longer than a paragraph (600 characters)', (name) => {
  const long = read(name)
    .split('\n')
    .filter((line) => line.length > 600);
  expect(long).toEqual([]);
});

test('docs/embedding.md names every widget of the catalog', () => {
  const text = read('embedding.md');
  const missing = Object.keys(WIDGET_CATALOG).filter((name) => !text.includes(`| \`${name}\` |`));
  expect(missing).toEqual([]);
});

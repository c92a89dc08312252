/**
 * The tables that follow from the widget catalog (scripts/widgetTables.ts) are checked in; this
 * fails when one is not what the catalog says, with the command that writes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { WIDGET_CATALOG } from '../src/platform/widgetCatalog';
import { missingModules, widgetTables } from './widgetTables';

const ROOT = path.resolve(__dirname, '..');

test.each(Object.entries(widgetTables(WIDGET_CATALOG)))('%s is what the widget catalog says (else: npm run widgets)', (file, text) => {
  expect(fs.readFileSync(path.join(ROOT, file), 'utf8')).toBe(text);
});

test("every row's folder has the modules the tables import", () => {
  expect(missingModules(WIDGET_CATALOG, ROOT)).toEqual([]);
});

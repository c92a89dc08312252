/**
 * The "add a widget" recipe (docs/architecture.md), run whole on a copy of the project (jest runs
 * other tests beside this one, which must not see a half-added widget in the checkout): the
 * scaffold (scripts/newWidget.ts), then the hand edits it leaves (the texts in the two language
 * files), then the project's typecheck, the tests that hold the catalog's followers to it (registry,
 * features, tables, docs), and the loader's size against its budget for one more row
 * (bench/budgets.ts). It also counts the files a new widget touches, and which of them by hand.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loaderGzipBudget } from '../bench/budgets';
import { measureWeight } from '../bench/lib/weight';
import { WIDGET_NAMES } from '../src/platform/widgetCatalog';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules/.bin');

/** What the typecheck, the tests and the build read: the project's files without the screenshots and recordings. */
const SKIP = /^(docs\/screens\/|recordings\/|package-lock\.json$|\.ci\/)/;

function copyOfProject(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-new-widget-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.stdout.split('\0')) {
    if (!file || SKIP.test(file) || !fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

/** The files under `copy` that differ from the checkout's, or are new. */
function changedFiles(copy: string, under = ''): string[] {
  return fs.readdirSync(path.join(copy, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(under, entry.name);
    if (entry.isSymbolicLink()) return [];
    if (entry.isDirectory()) return changedFiles(copy, relative);
    const original = path.join(ROOT, relative);
    const same = fs.existsSync(original) && fs.readFileSync(original).equals(fs.readFileSync(path.join(copy, relative)));
    return same ? [] : [relative];
  });
}

/** The texts the scaffold leaves to write by hand, added as a person would. */
function writeTexts(copy: string, texts: Record<'en' | 'es', Record<string, string>>) {
  for (const locale of ['en', 'es'] as const) {
    const file = path.join(copy, 'src/platform/i18n/locales', `${locale}.json`);
    const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(file, `${JSON.stringify({ ...catalog, ...texts[locale] }, null, 2)}\n`);
  }
}

const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

// A copy, a typecheck of the whole project, four test files in a jest of their own and a production
// build: 74-99 s on the 2-core machine at load 5-7, each step alone up to 2 minutes at load 10, so well
// past the 60 s of the jest config.
const RECIPE_TIMEOUT_MS = 10 * 60_000;

test(
  'a widget added by the recipe is one folder, one row and two language files; it typechecks, passes the catalog tests and pays its way in the loader',
  async () => {
    const copy = copyOfProject();
    let build: string | undefined;
    try {
      const scaffold = run(path.join(BIN, 'tsx'), ['scripts/newWidget.ts', 'scaffold-probe', '--about', 'A probe of the recipe', '--root', copy], ROOT);
      expect(scaffold.output).toContain('by hand');
      expect(scaffold.status).toBe(0);
      writeTexts(copy, {
        en: { 'portal.title.scaffoldProbe': 'Scaffold probe' },
        es: { 'portal.title.scaffoldProbe': 'Prueba del andamiaje' },
      });

      // what a new widget touches: its folder, then outside it the row, the two language files, and what the scaffold writes
      const changed = changedFiles(copy);
      const inFolder = changed.filter((file) => file.startsWith('src/features/scaffoldProbe/'));
      const outside = changed.filter((file) => !inFolder.includes(file)).sort();
      expect(inFolder).toHaveLength(5);
      expect(outside).toEqual(
        [
          // by hand: the texts (the row is the scaffold's, refined by hand)
          'src/platform/i18n/locales/en.json',
          'src/platform/i18n/locales/es.json',
          // by the scaffold
          'src/platform/widgetCatalog.ts',
          'docs/embedding.md',
          'src/widgets/registry.ts',
          'src/app/featureOfWidget.ts',
          'src/platform/i18n/widgetMessages.ts',
        ].sort(),
      );

      const typecheck = run(path.join(BIN, 'tsc'), ['--noEmit', '-p', '.'], copy);
      expect(typecheck.output).toBe('');
      expect(typecheck.status).toBe(0);

      const lint = run(path.join(BIN, 'eslint'), ['--max-warnings=0', ...inFolder, 'src/widgets/registry.ts', 'src/app/featureOfWidget.ts'], copy);
      expect(lint.output).toBe('');
      expect(lint.status).toBe(0);

      const catalogTests = ['src/widgets/registry.test.ts', 'src/app/featureOfWidget.test.ts', 'scripts/docs.test.ts', 'scripts/widgetTables.test.ts'];
      const tests = run(path.join(BIN, 'jest'), ['--maxWorkers=1', '--ci', ...catalogTests], copy);
      expect(tests.output).toMatch(/Tests: +\d+ passed, \d+ total/);
      expect(tests.status).toBe(0);

      const { loader, appDir } = await measureWeight(() => {}, { context: copy, floors: false });
      build = appDir;
      expect(loader.gzip).toBeLessThanOrEqual(loaderGzipBudget(WIDGET_NAMES.length + 1));
      console.log(
        `the recipe touched ${inFolder.length + outside.length} files: ${inFolder.length} in the folder and ${outside.length} outside it, ` +
          `of which 2 by hand (the language files) and ${outside.length - 2} by the scaffold (the catalog row, to refine by hand, ` +
          `docs/embedding.md, the three tables); loader ${loader.gzip} B gzip with ${WIDGET_NAMES.length + 1} rows ` +
          `(budget ${loaderGzipBudget(WIDGET_NAMES.length + 1)} B)`,
      );
    } finally {
      for (const folder of [copy, build]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
    }
  },
  RECIPE_TIMEOUT_MS,
);

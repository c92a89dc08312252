/**
 * The WebKit set of docs/screens (issue 42): the page states the cross-browser journeys recorded in
 * WebKit at 375 px (e2e/artifacts/browsers/webkit-<language>-375/), copied to
 * docs/screens/webkit/ with an index (docs/screens/webkit/README.md). Run the journeys first:
 *
 *   npm run test:e2e:browsers                      (WebKit at 375 px in Spanish)
 *   E2E_BROWSERS=webkit E2E_BROWSER_MATRIX=full E2E_BROWSER_WIDTHS=375 E2E_BROWSER_LANGUAGES=en \
 *     npm run test:e2e:browsers                    (and in English)
 *   npx tsx scripts/webkitScreens.ts
 *
 * WebKitWebDriver shoots the window (375 × 800), not the whole page.
 */
import fs from 'node:fs';
import path from 'node:path';

const ARTIFACTS = path.resolve(__dirname, '../e2e/artifacts/browsers');
const OUT_DIR = path.resolve(__dirname, '../docs/screens/webkit');
const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
] as const;

function main() {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const rows: string[] = [];
  for (const [language, languageName] of LANGUAGES) {
    const dir = path.join(ARTIFACTS, `webkit-${language}-375`);
    if (!fs.existsSync(dir)) {
      console.warn(`no WebKit run at 375 px in ${languageName} (${dir}): left out`);
      continue;
    }
    // the states, in the order the journeys reached them
    const states = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ name: name.replace(/\.json$/, ''), at: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => a.at - b.at);
    for (const { name } of states) {
      const { state } = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as { state: string };
      const file = `${language}-${name}-375.png`;
      fs.copyFileSync(path.join(dir, `${name}.png`), path.join(OUT_DIR, file));
      rows.push(`| ${languageName} | ${state} | ![${state}, WebKit, 375 px](${file}) |`);
    }
  }
  const index = [
    '# The portal in WebKit at 375 px',
    '',
    'The page states the cross-browser journeys (e2e/browsers/journeys.ts) reach in WebKitGTK 2.50',
    "(Safari's engine), each checked by axe-core; made by `npx tsx scripts/webkitScreens.ts` after",
    '`npm run test:e2e:browsers`; do not edit by hand. The window as the borrower sees it first',
    '(375 × 800), not the whole page. Chromium at 375 and 1280 px: [../README.md](../README.md).',
    '',
    '| language | state | WebKit, 375 px |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(OUT_DIR, 'README.md'), index);
  console.log(`${rows.length} WebKit screens in ${path.relative(process.cwd(), OUT_DIR)}`);
}

main();

/**
 * QA recording in Chromium against the reference server (RECORD_ACTIONS=1, so every page
 * records): Nico registers, then enrolls in go green; each session is downloaded (toolbar button,
 * then the keyboard shortcut), replayed in Node by the real CLI to the live store's final state
 * (redacted), and scanned for every sensitive value typed or received. The go-green recording is
 * then opened on the replay page, which sends nothing to the server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, baseUrl, expectNoAxeViolations, outbox, screenshot, setUpPages } from './support/browser';

const ROOT = path.resolve(__dirname, '..');
const NICO = {
  firstname: 'Nico',
  lastname: 'Newcomer',
  username: 'nico.newcomer',
  password: 'Nico-quokka-9!',
  email: 'nico.newcomer@example.com',
  loanno: '9000000007',
  ssn: '900000008',
  dobTyped: '07041987',
};
const SENSITIVE = [NICO.password, NICO.ssn, '900-00-0008', '07/04/1987', NICO.dobTyped, '1987-07-04', 'dummy-captcha-token']; // fake demo data
const THANK_YOU = 'Thank you for choosing "Go Green".';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-recording-'));
let goGreenRecording = '';

const openPage = setUpPages({ context: { acceptDownloads: true } });

afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

interface Session {
  file: string;
  text: string;
  liveStateFile: string;
}

/** Downloads the recording (by `trigger`) and keeps the live store's redacted state of that moment. */
async function download(page: Page, name: string, trigger: () => Promise<void>): Promise<Session> {
  const live = await page.evaluate(() => window.loanmanagerRecorder?.state());
  expect(live).toBeDefined();
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  expect(file.suggestedFilename()).toMatch(/^loanmanager-\d{8}-\d{6}\.recording\.json$/);
  const target = path.join(workDir, `${name}.recording.json`);
  await file.saveAs(target);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.copyFileSync(target, path.join(ARTIFACTS, `${name}.recording.json`));
  const liveStateFile = path.join(workDir, `${name}.live-state.json`);
  fs.writeFileSync(liveStateFile, JSON.stringify(live));
  return { file: target, text: fs.readFileSync(target, 'utf8'), liveStateFile };
}

/** The real CLI: replays the file in Node and compares with the live state. */
function replayInNode(session: Session) {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/replay.ts', session.file, '--expect', session.liveStateFile, '--quiet'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('The final state matches');
  expect(result.status).toBe(0);
}

function expectNoSensitiveValues(text: string, extra: string[] = []) {
  for (const value of [...SENSITIVE, ...extra]) expect({ value, found: text.includes(value) }).toEqual({ value, found: false });
}

/** Masked inputs can drop a keystroke on a loaded machine: type again until the field shows it all. */
async function typeMasked(page: Page, label: string, keys: string, shown: string) {
  const input = page.getByLabel(label, { exact: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await input.fill('');
    await input.pressSequentially(keys, { delay: 20 });
    if ((await input.inputValue()) === shown) return;
  }
  expect(await input.inputValue()).toBe(shown);
}

async function cookieValues(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.value).filter((value) => value.length >= 8);
}

test('a registration is recorded, downloaded from the toolbar, replayed in Node to the live state, and holds no secret', async () => {
  const page = await openPage(375);
  // the success redirect is a full page load that would end the session: a 204 keeps the page
  await page.route(/\/loanmanager\/(main|loanoverview)\/$/, (route) => route.fulfill({ status: 204 }));
  await page.goto('/loanmanager/register/');
  await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
  const toolbar = page.getByRole('region', { name: 'QA recording' });
  await toolbar.getByRole('button', { name: 'Download recording' }).waitFor();
  await expectNoAxeViolations(page, 'register with the QA toolbar (375)');
  await screenshot(page, 'recording-toolbar-375');

  await page.getByLabel('First Name').pressSequentially(NICO.firstname);
  await page.getByLabel('Last Name').fill(NICO.lastname);
  await page.getByLabel('Username').fill(NICO.username);
  await page.getByLabel('Password', { exact: true }).pressSequentially(NICO.password);
  await page.getByLabel('Password (again)').fill(NICO.password);
  await page.getByLabel('Email', { exact: true }).fill(NICO.email);
  await page.getByLabel('Email (again)').fill(NICO.email);
  await page.getByLabel('Loan Number').fill(NICO.loanno);
  await typeMasked(page, 'Social Security Number', NICO.ssn, '900-00-0008'); // fake demo SSN
  await typeMasked(page, 'Date of Birth', NICO.dobTyped, '07/04/1987');
  await page.getByRole('button', { name: 'Register' }).click();
  await page
    .waitForFunction(
      () => window.loanmanagerRecorder?.recording().actions.some((entry) => entry.action.type === 'registration/redirected'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(async () => {
      const story = await page.evaluate(() => ({
        types: window.loanmanagerRecorder?.recording().actions.map((entry) => entry.action.type).slice(-12),
        registration: (window.loanmanagerRecorder?.state() as { registration?: unknown } | undefined)?.registration,
      }));
      throw new Error(`registration did not succeed: ${JSON.stringify(story)}`);
    });
  await page.waitForTimeout(600);

  const session = await download(page, 'registration', () => toolbar.getByRole('button', { name: 'Download recording' }).click());
  const types = (JSON.parse(session.text) as { actions: Array<{ action: { type: string } }> }).actions.map((entry) => entry.action.type);
  expect(types).toEqual(expect.arrayContaining(['registration/fieldChanged', 'registration/submitted', 'api/executeMutation/fulfilled', 'registration/redirected']));
  replayInNode(session);
  expectNoSensitiveValues(session.text, await cookieValues(page));
});

test('a go-green enrollment is recorded, downloaded with Alt+Shift+D, replayed to the live state; the nonce is nowhere in it', async () => {
  const page = await openPage(1280);
  await page.clock.install();
  await page.goto('/loanmanager/login/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value;
  const login = await page.request.post('/loanmanager/api/account/login/', {
    data: { username: NICO.username, password: NICO.password },
    headers: { 'X-CSRFToken': csrf ?? '' },
  });
  expect(login.status()).toBe(200);

  await page.goto('/loanmanager/go-green/');
  await page.getByRole('radio', { name: 'Yes, the details mentioned above are correct' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 2, name: 'Validate Email Address' }).waitFor();

  let link = '';
  for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
    const messages = (await outbox()).filter((message) => message.to === NICO.email);
    link = messages.flatMap((message) => message.links).find((candidate) => candidate.includes('verify_email')) ?? '';
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(link).not.toBe('');
  const nonce = new URL(link, baseUrl()).searchParams.get('nonce') ?? '';
  expect(nonce).not.toBe('');
  const tab = await page.context().newPage();
  await tab.goto(link);
  await tab.getByText('Your email has been verified. You may now close this tab.').waitFor();
  await tab.close();
  await page.clock.runFor(5000);
  await page.getByText('Your email address has been verified.').waitFor({ timeout: 5000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByText(THANK_YOU).waitFor();
  await page.clock.runFor(1000);

  const session = await download(page, 'go-green', () => page.keyboard.press('Alt+Shift+D'));
  const types = (JSON.parse(session.text) as { actions: Array<{ action: { type: string } }> }).actions.map((entry) => entry.action.type);
  expect(types).toEqual(expect.arrayContaining(['goGreen/widgetMounted', 'goGreen/verificationEmailSent', 'goGreen/validationResultReceived', 'goGreen/optInSucceeded']));
  replayInNode(session);
  expectNoSensitiveValues(session.text, [nonce, ...(await cookieValues(page))]);
  goGreenRecording = session.file;
});

test('the replay page shows the enrollment at any step and sends nothing to the server', async () => {
  expect(goGreenRecording).not.toBe('');
  const page = await openPage(1280);
  await page.goto('/loanmanager/qa/replay/');
  await page.getByRole('heading', { level: 1, name: 'Replay a QA recording' }).waitFor();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/loanmanager/api/')) apiCalls.push(request.url());
  });
  await page.getByLabel('Recording file (.recording.json)').setInputFiles(goGreenRecording);
  await page.getByText(THANK_YOU).waitFor();
  const actions = page.getByRole('navigation', { name: 'Recorded actions' });
  await actions.getByRole('button', { name: /goGreen\/nextPressed/ }).first().click();
  await page.getByRole('heading', { level: 2, name: 'Validate Email Address' }).waitFor();
  await page.getByRole('button', { name: 'Previous step' }).click();
  await page.getByRole('button', { name: 'Next step' }).click();
  await expectNoAxeViolations(page, 'qa replay page (1280)');
  await screenshot(page, 'recording-replay-page-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'recording-replay-page-375');
  expect(apiCalls).toEqual([]);
});

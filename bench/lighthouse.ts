/**
 * Part 3, Lighthouse 12.2.3 (its default config: mobile form factor, simulated throttling,
 * performance category only) on every page the reference server serves, signed in where the page
 * needs it (the session cookie goes in extraHeaders), with a session of its own for each run. One
 * Chromium for all pages; each run starts with cleared storage (Lighthouse's default), so every
 * figure is a cold load. Each page runs LIGHTHOUSE_RUNS times (3 by default) and reports the
 * median run, chosen as Lighthouse's own tools choose it (closest to the median FCP and TTI): on a
 * shared 2-core machine one run's TBT swings by hundreds of milliseconds.
 */
import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer, { type Page } from 'puppeteer-core';
import { hashSecret } from '../server/auth/security';
import { DEMO_PASSWORD } from '../server/db/seed';
import { CHROMIUM } from './lib/machine';
import { signIn, startReferenceServer, startStaticServer, type Running, type Session } from './lib/servers';
import type { Result as LighthouseResult } from 'lighthouse';
import { COUNT_THE_OPENING_DIALOG } from './lib/countOpeningDialog';
import { table } from './lib/table';
import { buildPortalIfStale } from '../scripts/freshness';
import { ANTD_FORM_SCRIPT, buildAntdFormPage, CHROMIUM_ARGS } from './typing';

export const PERFORMANCE_GOAL = 95;
const DEFAULT_RUNS = 3;

/**
 * The borrower the signed-in pages are measured as: uma.unverified has the most popups on main/ and
 * loanoverview/. Each load signs in again: a popup shown is marked seen for its session, so loads
 * sharing one session showed each popup once and then no dialog at all (bench/RESULTS.md,
 * "Lighthouse" and "Main-thread tasks"), which is not the page a borrower sees after signing in.
 */
export const BENCH_BORROWER = 'uma.unverified';

/**
 * Every page of the reference server (the QA and dev pages are off in production mode). `opensDialog`:
 * the bench's borrower sees a popup open with the page, so the page is measured a second time with
 * that dialog counted (COUNT_THE_OPENING_DIALOG).
 */
export const LIGHTHOUSE_PAGES: { path: string; signedIn: boolean; opensDialog?: boolean }[] = [
  { path: '/loanmanager/login/', signedIn: false },
  { path: '/loanmanager/register/', signedIn: false },
  { path: '/loanmanager/recover_username/', signedIn: false },
  { path: '/loanmanager/request_password_reset', signedIn: false },
  { path: '/loanmanager/reset_password/bench-nonce-that-does-not-exist/', signedIn: false },
  { path: '/loanmanager/verify_email/?nonce=bench-nonce-that-does-not-exist', signedIn: false },
  { path: '/loanmanager/main/', signedIn: true, opensDialog: true },
  { path: '/loanmanager/loanoverview/', signedIn: true, opensDialog: true },
  { path: '/loanmanager/go-green/', signedIn: true },
  { path: '/loanmanager/profile/', signedIn: true },
  { path: '/loanmanager/eftsetuprequest/', signedIn: true },
];

/**
 * The reset page with a link that works (its first view the form, where the made-up nonce above
 * gets the expired notice). Production has neither the outbox nor a captcha the bench can pass, so
 * the bench writes the link into the server's database as the server does (a nonce's sha256, for
 * the bench's borrower, for an hour); the page's check does not use it up, so one serves every run.
 */
export const RESET_LINK_PAGE = { path: '/loanmanager/reset_password/a-link-that-works/', label: '/loanmanager/reset_password/<a link that works>/' };

function createResetLink(databasePath: string): string {
  const nonce = randomBytes(32).toString('base64url');
  const db = new BetterSqlite3(databasePath);
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('SELECT id FROM users WHERE username = ?').get(BENCH_BORROWER) as { id: number } | undefined;
    if (!user) throw new Error(`no ${BENCH_BORROWER} in the bench's database`);
    const now = Date.now();
    db.prepare("INSERT INTO nonces (purpose, nonce_hash, user_id, email_address, created_at, expires_at) VALUES ('password_reset', ?, ?, NULL, ?, ?)").run(
      hashSecret(nonce),
      user.id,
      now,
      now + 60 * 60 * 1000,
    );
  } finally {
    db.close();
  }
  return nonce;
}

/**
 * The floor beside the pages: the registration form on antd's own Form state (the typing
 * benchmark's baseline, bench/typing), react-dom and antd alone in one script, inside the page
 * shell of /loanmanager/register/ (same header and styles), served brotli-compressed as the
 * reference server serves its scripts. What a page of the same antd form scores on this machine.
 */
export const FLOOR_PAGE = { path: '/floor/register/', label: 'floor: register on antd Form only' };

/** A page's HTML with its `<script>` elements (scripts and data blocks) taken out. */
export const withoutScriptElements = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

/** The register page's HTML with its widget (server-rendered or not), config, stylesheets and scripts replaced by the floor's script. */
export function floorHtml(registerPage: string): string {
  // the page's own scripts, and what its server-rendered first view brings (its widget's stylesheets and antd's token styles)
  const withoutScripts = withoutScriptElements(
    registerPage.replace(/<link rel="(?:preload|stylesheet)"[^>]*>/g, '').replace(/<style data-[^>]*>[\s\S]*?<\/style>/g, ''),
  );
  // the widget element, drawn by the server or empty, is the last thing in <main>
  const floor = withoutScripts.replace(/<div data-loanmanager-widget="portal"[^>]*>[\s\S]*?<\/main>/, '<div id="root"></div></main>');
  if (floor === withoutScripts) throw new Error('the register page has no portal widget element to replace');
  return floor.replace('</body>', `<script src="/bench/${ANTD_FORM_SCRIPT}" defer></script></body>`);
}

export async function startFloorPage(referenceUrl: string, log: (line: string) => void) {
  log('building the floor page (the antd Form registration, production)…');
  const built = await buildAntdFormPage();
  const registerPage = await (await fetch(`${referenceUrl}/loanmanager/register/`)).text();
  return startStaticServer({ '/bench/': built.outDir }, { [FLOOR_PAGE.path]: floorHtml(registerPage) });
}

export interface LighthouseRow {
  page: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  benchmarkIndex: number;
  /** every run's score, the median run's first */
  scores: number[];
  error?: string;
}

function runsPerPage(): number {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? DEFAULT_RUNS);
  return Number.isInteger(runs) && runs >= 1 ? runs : DEFAULT_RUNS;
}

/**
 * LIGHTHOUSE_CPU_SLOWDOWN=8 measures a phone half as quick as Lighthouse's usual 4x assumes
 * (issue 50); unset, Lighthouse's own default (4x) applies.
 */
export function cpuSlowdown(): number | undefined {
  const value = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN);
  return Number.isFinite(value) && value >= 1 ? value : undefined;
}

const scoreOf = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? NaN) * 100);

/**
 * Puts the session cookies in the browser's own cookie jar (or empties it). Lighthouse keeps
 * cookies across runs, and a jar cookie wins over a Cookie header given in extraHeaders, so a
 * csrftoken left by an anonymous page would otherwise hide the session.
 */
async function setBrowserCookies(port: number, baseUrl: string, session: Session | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    await context.clearCookies();
    if (session) {
      const cookies = session.cookie.split('; ').map((pair) => {
        const index = pair.indexOf('=');
        return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseUrl };
      });
      await context.addCookies(cookies);
    }
  } finally {
    await browser.close();
  }
}

/**
 * Runs `measure` in a new tab of the browser at `port` that evaluates `script` in every document
 * before the page's own scripts (Lighthouse, given the tab, navigates it itself).
 */
async function withInitScript<T>(port: number, script: string, measure: (tab: Page) => Promise<T>): Promise<T> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const tab = await browser.newPage();
    await tab.evaluateOnNewDocument(script);
    try {
      return await measure(tab);
    } finally {
      await tab.close();
    }
  } finally {
    await browser.disconnect();
  }
}

export async function runLighthouse(log: (line: string) => void, artifactsDir: string): Promise<LighthouseRow[]> {
  buildPortalIfStale(log);
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun, filterToValidRuns } = await import('lighthouse/core/lib/median-run.js');
  const runs = runsPerPage();
  const slowdown = cpuSlowdown();
  if (slowdown) log(`CPU slowdown ${slowdown}x`);
  const chromeLauncher = await import('chrome-launcher');
  let server: Running | null = null;
  let floorServer: { url: string; stop: () => Promise<void> } | null = null;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows: LighthouseRow[] = [];
  try {
    server = await startReferenceServer();
    fs.mkdirSync(artifactsDir, { recursive: true });
    // LIGHTHOUSE_ONLY=login,register measures only the pages whose path contains one of those words.
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').filter(Boolean) ?? [];
    const wanted = (pagePath: string) => !only.length || only.some((word) => pagePath.includes(word));
    const pages: { path: string; signedIn: boolean; url: string; label: string; countDialog?: boolean }[] =
      LIGHTHOUSE_PAGES.filter((page) => wanted(page.path)).flatMap((page) => {
        const measured = { ...page, url: `${server?.url}${page.path}`, label: page.path };
        return page.opensDialog ? [measured, { ...measured, label: `${page.path} (dialog counted)`, countDialog: true }] : [measured];
      });
    if (wanted(RESET_LINK_PAGE.path) && server.databasePath) {
      const nonce = createResetLink(server.databasePath);
      pages.push({ path: RESET_LINK_PAGE.path, signedIn: false, url: `${server.url}/loanmanager/reset_password/${nonce}/`, label: RESET_LINK_PAGE.label });
    }
    if (wanted(FLOOR_PAGE.path)) {
      floorServer = await startFloorPage(server.url, log);
      pages.push({ path: FLOOR_PAGE.path, signedIn: false, url: `${floorServer.url}${FLOOR_PAGE.path}`, label: FLOOR_PAGE.label });
    }
    for (const page of pages) {
      log(`lighthouse ${page.label}…`);
      const results: LighthouseResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        const session = page.signedIn ? await signIn(server.url, BENCH_BORROWER, DEMO_PASSWORD) : null;
        await setBrowserCookies(chrome.port, server.url, session);
        const flags = {
          port: chrome.port,
          output: 'json' as const,
          logLevel: 'error' as const,
          onlyCategories: ['performance'],
          extraHeaders: session ? { Cookie: session.cookie } : undefined,
          ...(slowdown ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
        };
        const result = page.countDialog
          ? await withInitScript(chrome.port, COUNT_THE_OPENING_DIALOG, (tab) =>
              // lighthouse types its page with its own nested puppeteer-core (23.x); the bench's is 25.x, the same CDP page at run time
              lighthouse(page.url, flags, undefined, tab as unknown as Parameters<typeof lighthouse>[3]),
            )
          : await lighthouse(page.url, flags);
        if (result?.lhr) results.push(result.lhr);
      }
      const valid = filterToValidRuns(results);
      if (!valid.length) {
        const error = results[0]?.runtimeError?.message ?? 'no result';
        rows.push({ page: page.label, score: NaN, fcp: NaN, lcp: NaN, tbt: NaN, cls: NaN, bytes: NaN, benchmarkIndex: NaN, scores: [], error });
        continue;
      }
      const lhr = computeMedianRun(valid);
      const name = `${page.path}${page.countDialog ? ' dialog counted' : ''}`.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '');
      fs.writeFileSync(path.join(artifactsDir, `${name}.json`), JSON.stringify(lhr, null, 1));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      rows.push({
        page: page.label,
        score: scoreOf(lhr),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        scores: [scoreOf(lhr), ...valid.filter((other) => other !== lhr).map(scoreOf)],
        error: lhr.runtimeError?.message ?? (lhr.finalDisplayedUrl.includes('/login/') && page.signedIn ? 'redirected to login' : undefined),
      });
    }
    return rows;
  } finally {
    await floorServer?.stop();
    await server?.stop();
    chrome.kill();
  }
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  return table(
    ['page', 'score', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'transfer KiB', 'CPU benchmarkIndex', 'all runs', `>= ${PERFORMANCE_GOAL}`, 'note'],
    rows.map((r) => [
      r.page,
      Number.isNaN(r.score) ? '—' : r.score,
      (r.fcp / 1000).toFixed(2),
      (r.lcp / 1000).toFixed(2),
      r.tbt.toFixed(0),
      r.cls.toFixed(3),
      (r.bytes / 1024).toFixed(0),
      r.benchmarkIndex.toFixed(0),
      r.scores.join(' '),
      r.score >= PERFORMANCE_GOAL ? 'yes' : 'NO',
      r.error ?? '',
    ]),
  );
}

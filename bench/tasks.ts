/**
 * Part 5, main-thread tasks and the first interaction (issue 18, items 3 and 6): every page of
 * the Lighthouse list and its floor, in Chromium with the CPU slowed 4x (DevTools'
 * `Emulation.setCPUThrottlingRate`, what Lighthouse's mobile profile simulates), cold each time.
 *
 * - Long tasks: the browser's own `longtask` entries (every task over 50 ms) from navigation
 *   until the page has been quiet for QUIET_MS: the longest, how many, and their blocking time
 *   (the sum of each task's time over 50 ms, as TBT counts it).
 * - The longest script: the longest `long-animation-frame` script entry (a callback, event listener,
 *   promise reaction or classic script, its compile included) during the same time: the part of a
 *   long task that is the page's own code.
 * - The markup alone: the longest task of the page's server-rendered HTML with every script and
 *   script preload taken out, loaded the same way. It is the browser's own parsing, style, layout
 *   and paint of the first view, the part of the load no script change can shorten.
 * - The dialog shown: when the opening animation of a dialog that opens with the page (the
 *   signed-in popups) has ended, from navigation. Chromium does not count that dialog as the LCP
 *   (its text first paints at opacity 0, and the fade runs on the compositor), so this is the
 *   figure for when a borrower sees it whole.
 * - First interaction, INP-style: the Event Timing duration (input to the next paint) of the first
 *   click on the page's first field (or its heading) and of the first keystroke typed into it.
 *   Event Timing reports only events of 16 ms or more; a blank figure means faster than that.
 *
 * Runs TASK_RUNS rounds (3 by default), each measuring every page and then the floor, and reports
 * the median of each figure. This machine's speed drifts by up to 2x within minutes, so each page's
 * blocking time is also given against the floor's in the same round (the median of those ratios):
 * the figure to compare between two builds.
 */
import { DEMO_PASSWORD } from '../server/db/seed';
import { BENCH_BORROWER, FLOOR_PAGE, LIGHTHOUSE_PAGES, startFloorPage, withoutScriptElements } from './lighthouse';
import { launchBareChromium, openBareTab, type BareTab } from './lib/bareTab';
import { signIn, startReferenceServer, type Running, type Session } from './lib/servers';
import { table } from './lib/table';
import { buildPortalIfStale } from '../scripts/freshness';
import { CHROMIUM_ARGS } from './typing';

export const LONG_TASK_GOAL_MS = 50;
/** TASKS_CPU_SLOWDOWN=8: a phone half as quick (issue 50's goal, as LIGHTHOUSE_CPU_SLOWDOWN for Lighthouse) */
export const CPU_SLOWDOWN = Number(process.env.TASKS_CPU_SLOWDOWN) > 0 ? Number(process.env.TASKS_CPU_SLOWDOWN) : 4;
const QUIET_MS = 1500;
const DEFAULT_RUNS = 3;

export interface TaskRow {
  page: string;
  longestTask: number;
  /** the longest script entry of a long animation frame */
  longestScript: number;
  /** what that script was, in the round that gave the median */
  longestScriptInvoker: string;
  /** the longest task of the page's HTML without its scripts (null: not measured, as for the floor) */
  markupLongestTask: number | null;
  longTasks: number;
  blockingTime: number;
  /** ms from navigation until the opening animation of the page's dialog ended (null: no dialog opened) */
  dialogShown: number | null;
  firstClick: number | null;
  firstKey: number | null;
  /** the median over rounds of this page's blocking time over the floor's in the same round (null: no floor measured) */
  blockingVsFloor: number | null;
  runs: number;
}

interface ScriptEntry {
  duration: number;
  /** its invoker's type and name (a classic script's is its file), and the file of its source: blank for a callback the browser
   *  gives no source for, such as a promise's resolve passed to setTimeout, whose task then runs what awaited it */
  invoker: string;
}

interface PageFigures {
  tasks: number[];
  scripts: ScriptEntry[];
  dialogShown: number | null;
  click: number | null;
  key: number | null;
}

/** Collects long tasks and event timings from the page's first moment (an init script). */
const OBSERVE = `
  window.__benchTasks = [];
  window.__benchScripts = [];
  window.__benchEvents = [];
  window.__benchDialogShown = null;
  // the first animation of a <dialog> itself to end (not its backdrop's fade) is its opening
  addEventListener('animationend', (event) => {
    if (window.__benchDialogShown === null && event.target instanceof HTMLDialogElement && !event.pseudoElement) window.__benchDialogShown = event.timeStamp;
  }, true);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__benchTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) for (const script of frame.scripts) {
      // not this bench's own init script and observer callbacks (the scripts without an address)
      if (!script.sourceURL && (script.invokerType === 'classic-script' || script.invoker === 'PerformanceObserverCallback')) continue;
      const invoker = script.invoker.split('/').pop();
      const file = script.sourceURL.split('/').pop();
      window.__benchScripts.push({ duration: script.duration, invoker: [script.invokerType, invoker, file === invoker ? '' : file].join(' ').trim() });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchEvents.push({ name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

async function quietFor(tab: BareTab, ms: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const count = await tab.evaluate<number>('window.__benchTasks.length');
    if (count !== seen) {
      seen = count;
      since = Date.now();
    } else if (Date.now() - since >= ms) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The page's HTML with every script, and every preload of one, taken out. */
export function markupOnly(html: string): string {
  return withoutScriptElements(html).replace(/<link\b[^>]*\brel="(?:preload|modulepreload)"[^>]*\bas="script"[^>]*>/g, '');
}

/** The page's own HTML as the server writes it for this borrower, without its scripts, with the same headers but for a body now decoded and cut. */
async function markupOnlyDocument(url: string, session: Session | null) {
  const response = await fetch(url, { headers: { 'accept-language': 'en-US,en', ...(session ? { cookie: session.cookie } : {}) } });
  const body = markupOnly(await response.text());
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name)),
  );
  return { status: response.status, headers, body };
}

/**
 * The first field a borrower would touch (else the dialog's first button, else the page's heading),
 * scrolled into view: the middle of it, and whether keys can be typed into it.
 */
const FIRST_TARGET = `(() => {
  const shown = (element) => element.checkVisibility() && element.getClientRects().length > 0;
  const field = [...document.querySelectorAll('main input:not([type=hidden]), dialog[open] button')].find(shown);
  const target = field ?? document.querySelector('h1');
  if (!target) return null;
  target.scrollIntoViewIfNeeded();
  const box = target.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, typeable: target.tagName === 'INPUT' };
})()`;

async function measureOnce(chromePort: number, url: string, session: Session | null, withoutScripts = false): Promise<PageFigures> {
  const tab = await openBareTab(chromePort, {
    viewport: { width: 412, height: 823, mobile: true },
    cpuSlowdown: CPU_SLOWDOWN,
    initScript: OBSERVE,
    cookie: session?.cookie,
    document: withoutScripts ? await markupOnlyDocument(url, session) : undefined,
  });
  try {
    await tab.load(url);
    await quietFor(tab, QUIET_MS);
    const tasks = await tab.evaluate<number[]>('window.__benchTasks');
    const scripts = await tab.evaluate<ScriptEntry[]>('window.__benchScripts');
    if (withoutScripts) {
      if (scripts.length) throw new Error(`${url} without its scripts still ran: ${scripts.map((script) => script.invoker).join(', ')}`);
      return { tasks, scripts: [], dialogShown: null, click: null, key: null };
    }

    const dialogShown = await tab.evaluate<number | null>('window.__benchDialogShown');
    const target = await tab.evaluate<{ x: number; y: number; typeable: boolean } | null>(FIRST_TARGET);
    if (!target) throw new Error(`${url}: no field, dialog button or heading to click`);
    const before = await tab.evaluate<number>('window.__benchEvents.length');
    await tab.click(target.x, target.y);
    if (target.typeable) await tab.pressLetter('a');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = (await tab.evaluate<{ name: string; duration: number }[]>('window.__benchEvents')).slice(before);
    const longest = (names: string[]) => {
      const durations = events.filter((event) => names.includes(event.name)).map((event) => event.duration);
      return durations.length ? Math.max(...durations) : null;
    };
    return {
      tasks,
      scripts,
      dialogShown,
      click: longest(['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click']),
      key: target.typeable ? longest(['keydown', 'keypress', 'input', 'keyup']) : null,
    };
  } finally {
    await tab.close();
  }
}

const longestScriptOf = (figure: PageFigures): ScriptEntry =>
  figure.scripts.reduce((longest, script) => (script.duration > longest.duration ? script : longest), { duration: 0, invoker: '' });

/** the entry whose duration is the median's (the lower middle one of an even count) */
function medianScript(scripts: ScriptEntry[]): ScriptEntry {
  const sorted = [...scripts].sort((a, b) => a.duration - b.duration);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? { duration: 0, invoker: '' };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const medianOrNull = (values: (number | null)[]) => {
  const present = values.filter((value): value is number => value !== null);
  return present.length * 2 > values.length ? median(present) : null;
};

function runsPerPage(): number {
  const runs = Number(process.env.TASK_RUNS ?? DEFAULT_RUNS);
  return Number.isInteger(runs) && runs >= 1 ? runs : DEFAULT_RUNS;
}

export async function runTasks(log: (line: string) => void): Promise<TaskRow[]> {
  buildPortalIfStale(log);
  const runs = runsPerPage();
  let server: Running | null = null;
  let floorServer: { url: string; stop: () => Promise<void> } | null = null;
  const chrome = await launchBareChromium(CHROMIUM_ARGS);
  const rows: TaskRow[] = [];
  try {
    server = await startReferenceServer();
    const serverUrl = server.url;
    // a session of its own for each load: a popup shown is marked seen for its session (BENCH_BORROWER)
    const sessionFor = (page: { signedIn: boolean }) => (page.signedIn ? signIn(serverUrl, BENCH_BORROWER, DEMO_PASSWORD) : null);
    // TASKS_ONLY=login,register measures only the pages whose path contains one of those words
    const only = process.env.TASKS_ONLY?.split(',').filter(Boolean) ?? [];
    const wanted = (pagePath: string) => !only.length || only.some((word) => pagePath.includes(word));
    const pages = LIGHTHOUSE_PAGES.filter((page) => wanted(page.path)).map((page) => ({
      label: page.path,
      url: `${server?.url}${page.path}`,
      signedIn: page.signedIn,
      markup: true,
    }));
    if (wanted(FLOOR_PAGE.path)) {
      floorServer = await startFloorPage(server.url, log);
      // drawn by its script: its markup alone is an empty page
      pages.push({ label: FLOOR_PAGE.label, url: `${floorServer.url}${FLOOR_PAGE.path}`, signedIn: false, markup: false });
    }
    const figures = pages.map((): PageFigures[] => []);
    const markupFigures = pages.map((): PageFigures[] => []);
    for (let round = 0; round < runs; round += 1) {
      for (const [index, page] of pages.entries()) {
        log(`tasks ${page.label} (round ${round + 1} of ${runs})…`);
        figures[index]?.push(await measureOnce(chrome.port, page.url, await sessionFor(page)));
        if (page.markup) markupFigures[index]?.push(await measureOnce(chrome.port, page.url, await sessionFor(page), true));
      }
    }
    const blockingOf = (figure: PageFigures) => figure.tasks.reduce((sum, task) => sum + Math.max(0, task - LONG_TASK_GOAL_MS), 0);
    const floorFigures = floorServer ? figures.at(-1) : undefined;
    for (const [index, page] of pages.entries()) {
      const pageFigures = figures[index] ?? [];
      const markup = markupFigures[index] ?? [];
      rows.push({
        page: page.label,
        longestTask: median(pageFigures.map((figure) => Math.max(0, ...figure.tasks))),
        longestScript: median(pageFigures.map(longestScriptOf).map((script) => script.duration)),
        longestScriptInvoker: medianScript(pageFigures.map(longestScriptOf)).invoker,
        markupLongestTask: markup.length ? median(markup.map((figure) => Math.max(0, ...figure.tasks))) : null,
        longTasks: median(pageFigures.map((figure) => figure.tasks.length)),
        blockingTime: median(pageFigures.map(blockingOf)),
        dialogShown: medianOrNull(pageFigures.map((figure) => figure.dialogShown)),
        firstClick: medianOrNull(pageFigures.map((figure) => figure.click)),
        firstKey: medianOrNull(pageFigures.map((figure) => figure.key)),
        blockingVsFloor: floorFigures
          ? median(pageFigures.map((figure, round) => blockingOf(figure) / Math.max(1, blockingOf(floorFigures[round] as PageFigures))))
          : null,
        runs,
      });
    }
    return rows;
  } finally {
    await chrome.close();
    await floorServer?.stop();
    await server?.stop();
  }
}

const overGoal = (value: number) => `${Math.round(value)}${value > LONG_TASK_GOAL_MS ? ' !' : ''}`;
const ms = (value: number | null) => (value === null ? '<16' : String(Math.round(value)));

export function tasksTable(rows: TaskRow[]): string {
  return table(
    ['page', 'longest task ms', 'longest script ms', 'longest script', 'markup alone: longest task ms', 'long tasks', 'blocking ms', 'blocking ÷ floor', 'dialog shown ms', 'first click ms', 'first key ms'],
    rows.map((row) => [
      row.page,
      overGoal(row.longestTask),
      overGoal(row.longestScript),
      row.longestScriptInvoker,
      row.markupLongestTask === null ? '' : overGoal(row.markupLongestTask),
      String(row.longTasks),
      String(Math.round(row.blockingTime)),
      row.blockingVsFloor === null ? '' : row.blockingVsFloor.toFixed(2),
      row.dialogShown === null ? '' : String(Math.round(row.dialogShown)),
      ms(row.firstClick),
      ms(row.firstKey),
    ]),
  );
}

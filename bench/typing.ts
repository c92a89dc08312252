/**
 * Part 2, typing latency: headless Chromium types 200 characters across the registration fields
 * of (a) the real widget (Redux form slice), embedded through the real loader, and (b) the same
 * form on antd's own Form state (bench/typing/AntdRegistrationForm.tsx), built with the same
 * webpack config. A page script stamps each `input` event (capture listener on document, so
 * before React sees it) and the next frame (requestAnimationFrame, then setTimeout 0: after the
 * frame's style, layout and paint work). The two are interleaved round by round in one browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp, buildPages } from './lib/build';
import { ROOT } from './lib/categories';
import { CHROMIUM } from './lib/machine';
import { startStaticServer } from './lib/servers';
import { table } from './lib/table';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What is typed, by field (matched on the label): 200 characters in all. */
const PLAN: { field: RegExp; text: string }[] = [
  { field: /first/i, text: 'Jonathan Alexander' },
  { field: /last/i, text: 'Worthington-Smythe Jr' },
  { field: /user/i, text: 'jonathan_worthington_smythe_80' },
  { field: /password.*(again|confirm|re-?enter)|(confirm|re-?enter).*password/i, text: 'Sup3r$ecretPassw0rd!' },
  { field: /password/i, text: 'Sup3r$ecretPassw0rd!' },
  { field: /e-?mail.*(again|confirm|re-?enter)|(confirm|re-?enter).*e-?mail/i, text: 'jonathan.worthington@example.com' },
  { field: /e-?mail/i, text: 'jonathan.worthington@example.com' },
  { field: /loan/i, text: '9000000007' },
  { field: /ssn|social/i, text: '900123456' },
  { field: /birth|dob/i, text: '04151980' },
];
export const TYPED_CHARACTERS = PLAN.reduce((n, p) => n + p.text.length, 0);

/**
 * latency: input event -> next frame (rAF, then setTimeout 0), the figure of the issue.
 * JS-only: input event -> the end of its own work: a window bubble listener (after React's root
 * listener) queues a microtask, which runs after React's synchronous render and commit of the
 * discrete update (also a microtask, queued earlier). Not quantised by the 60 Hz frame clock.
 */
const INSTRUMENT = `
  window.__latencies = [];
  window.__processing = [];
  let start = 0;
  document.addEventListener('input', () => {
    const t0 = performance.now();
    start = t0;
    requestAnimationFrame(() => setTimeout(() => window.__latencies.push(performance.now() - t0), 0));
  }, true);
  window.addEventListener('input', () => {
    const t0 = start;
    queueMicrotask(() => window.__processing.push(performance.now() - t0));
  });
`;
if (TYPED_CHARACTERS !== 200) throw new Error(`the typing plan is ${TYPED_CHARACTERS} characters, not 200`);

declare global {
  interface Window {
    __latencies: number[];
    __processing: number[];
  }
}

/** Tags each text input with data-bench-field=<index of its PLAN entry>, matched on its label. */
async function tagFields(page: Page): Promise<number> {
  return page.evaluate((plan) => {
    const inputs = Array.from(document.querySelectorAll<HTMLInputElement>('input')).filter(
      (input) => !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(input.type),
    );
    const taken = new Set<number>();
    for (const input of inputs) {
      const label = [
        input.labels?.[0]?.textContent,
        input.getAttribute('aria-label'),
        input.name,
        input.id,
      ].find((x) => x && x.trim() !== '') ?? '';
      const index = plan.findIndex((p, i) => !taken.has(i) && new RegExp(p.source, p.flags).test(label));
      if (index >= 0) {
        taken.add(index);
        input.setAttribute('data-bench-field', String(index));
      }
    }
    return taken.size;
  }, PLAN.map((p) => ({ source: p.field.source, flags: p.field.flags })));
}

const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));

interface Run {
  latencies: number[];
  processing: number[];
  missing: string[];
}

async function typeRun(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await page.goto(url);
    try {
      await page.locator('input').first().waitFor({ state: 'visible', timeout: 20_000 });
    } catch {
      return { latencies: [], processing: [], missing: ['(no input on the page)'] };
    }
    await nextFrame(page);
    await tagFields(page);
    const missing: string[] = [];
    for (const [index, step] of PLAN.entries()) {
      const input = page.locator(`[data-bench-field="${index}"]`);
      if ((await input.count()) === 0) {
        missing.push(step.field.source);
        continue;
      }
      await input.click();
      await nextFrame(page);
      for (const character of step.text) {
        await page.keyboard.type(character);
        await nextFrame(page);
      }
    }
    await nextFrame(page);
    const [latencies, processing] = await page.evaluate(() => [window.__latencies, window.__processing]);
    return { latencies: latencies ?? [], processing: processing ?? [], missing };
  } finally {
    await context.close();
  }
}

export interface TypingRow {
  variant: string;
  samples: number;
  p50: number;
  p95: number;
  mean: number;
  processingP50: number;
  processingP95: number;
  missing: string[];
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low);
}

export function registrationIsPlaceholder(): boolean {
  const file = path.join(ROOT, 'src/features/registration/RegistrationWidget.tsx');
  return fs.readFileSync(file, 'utf8').includes('Placeholder');
}

/** The bench-only page of the registration form on antd's own Form state: `typing-antd-form.js` in its folder. */
export const ANTD_FORM_SCRIPT = 'typing-antd-form.js';
export function buildAntdFormPage() {
  return buildPages({ [ANTD_FORM_SCRIPT.replace(/\.js$/, '')]: path.join(ROOT, 'bench/typing/antdFormPage.tsx') });
}

export async function runTyping(log: (line: string) => void, rounds = 3): Promise<TypingRow[]> {
  if (registrationIsPlaceholder()) log('NOTE: RegistrationWidget.tsx is still a placeholder: the Redux side has no fields yet.');
  log('building the app and the antd-Form page (production)…');
  const app = await buildApp();
  const bench = await buildAntdFormPage();
  const config = JSON.stringify({ recaptcha: { method: 'dummy' }, static_url: '/loanmanager/static/' });
  const shell = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body>${body}</body></html>`;
  const server = await startStaticServer(
    { '/loanmanager/static/': app.outDir, '/bench/': bench.outDir },
    {
      '/redux/': shell(
        'Register (Redux widget)',
        `<script type="application/json" id="loanmanager-config">${config}</script><div data-loanmanager-widget="registration"></div><script src="/loanmanager/static/loanmanager-widgets.js"></script>`,
      ),
      '/antd/': shell('Register (antd Form)', `<div id="root"></div><script src="/bench/${ANTD_FORM_SCRIPT}"></script>`),
    },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const results: Record<string, { latencies: number[]; processing: number[]; missing: Set<string> }> = {
    'redux form slice (widget)': { latencies: [], processing: [], missing: new Set() },
    'antd Form state (baseline)': { latencies: [], processing: [], missing: new Set() },
  };
  try {
    // A warm-up pass of each (not counted): first compile of the bundles, font and style caches.
    await typeRun(browser, `${server.url}/redux/`);
    await typeRun(browser, `${server.url}/antd/`);
    for (let round = 1; round <= rounds; round++) {
      const order: [string, string][] = [
        ['redux form slice (widget)', `${server.url}/redux/`],
        ['antd Form state (baseline)', `${server.url}/antd/`],
      ];
      if (round % 2 === 0) order.reverse();
      for (const [variant, url] of order) {
        log(`round ${round}/${rounds}: ${variant}`);
        const run = await typeRun(browser, url);
        const target = results[variant] as { latencies: number[]; processing: number[]; missing: Set<string> };
        target.latencies.push(...run.latencies);
        target.processing.push(...run.processing);
        for (const m of run.missing) target.missing.add(m);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return Object.entries(results).map(([variant, r]) => ({
    variant,
    samples: r.latencies.length,
    p50: percentile(r.latencies, 50),
    p95: percentile(r.latencies, 95),
    mean: r.latencies.reduce((a, b) => a + b, 0) / (r.latencies.length || 1),
    processingP50: percentile(r.processing, 50),
    processingP95: percentile(r.processing, 95),
    missing: [...r.missing],
  }));
}

export function typingTable(rows: TypingRow[]): string {
  const base = rows.find((r) => r.variant.startsWith('antd'));
  return table(
    [
      'variant',
      'samples',
      'p50 ms',
      'p95 ms',
      'mean ms',
      'p50 ratio',
      'p95 ratio',
      'JS-only p50 ms',
      'JS-only p95 ms',
      'fields not found',
    ],
    rows.map((r) => [
      r.variant,
      r.samples,
      r.p50.toFixed(2),
      r.p95.toFixed(2),
      r.mean.toFixed(2),
      base ? (r.p50 / base.p50).toFixed(2) : '—',
      base ? (r.p95 / base.p95).toFixed(2) : '—',
      r.processingP50.toFixed(2),
      r.processingP95.toFixed(2),
      r.missing.length ? r.missing.join(', ') : '—',
    ]),
  );
}

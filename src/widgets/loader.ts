/**
 * loanmanager-widgets.js — the stable loader a host page includes (started by its entry,
 * src/main.ts). It reads and validates the config block once, points webpack at the static URL,
 * and mounts every <div data-loanmanager-widget="NAME"> it finds, loading only the chunks those
 * widgets need. It stays tiny (no React here): React and antd arrive with the first widget chunk.
 */
import type { Locale } from '../platform/i18n/locales';
import { choosePageLocale } from '../platform/i18n/pageLocale';
// the loader's one borrower-facing text, in every language (a few bytes: the loader stays tiny)
import englishTexts from '../platform/i18n/locales/en.json?ns=loader&shared=0';
import spanishTexts from '../platform/i18n/locales/es.json?ns=loader&shared=0';
import { readRawConfig, staticUrlOf } from '../platform/rawConfig';
import { nextTask } from '../platform/nextTask';
import { evaluatedInATaskOfTheirOwn } from '../firstView/chunkEvaluation';
import { WIDGET_ATTRIBUTE } from '../platform/portalElements';
import type { WidgetRegistry } from './registry';

declare let __webpack_public_path__: string;
declare let __webpack_chunk_load__: (chunkId: string | number) => Promise<unknown>;

function showError(element: HTMLElement, text: string) {
  const box = document.createElement('p');
  box.setAttribute('role', 'alert');
  box.textContent = text;
  // PALETTE.error (palette.ts) as a literal: the loader draws this before anything else loads, and stays tiny
  box.style.cssText = 'color:#b42318;border:1px solid #b42318;border-radius:6px;padding:12px;margin:0;';
  element.replaceChildren(box);
}

let chunkEvaluationDeferred = false;
/** From now on each chunk's modules are evaluated a task after the chunk arrives (chunkEvaluation.ts). */
function deferChunkEvaluation() {
  // webpack's chunk loading: a build always has it (a unit test has none)
  if (chunkEvaluationDeferred || typeof __webpack_chunk_load__ !== 'function') return;
  __webpack_chunk_load__ = evaluatedInATaskOfTheirOwn(__webpack_chunk_load__);
  chunkEvaluationDeferred = true;
}

const LOADER_TEXTS: Record<Locale, Record<'loader.failed', string>> = { en: englishTexts, es: spanishTexts };

/**
 * The widget runtime, evaluated a group of packages per task (React, antd's shell, the store):
 * one chunk, but run as one piece it held a phone's main thread for close to a second.
 */
function loadRuntime() {
  return import(/* webpackChunkName: "widget-runtime" */ './runtimeStages/react')
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "widget-runtime" */ './runtimeStages/antd'))
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "widget-runtime" */ './runtimeStages/storeAndConfig'))
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "widget-runtime" */ './mountWidget'));
}

/** Mounts every widget element of the page; `registry` names what each NAME loads (and `runtime`, in a test, how the runtime does). */
export function start(registry: WidgetRegistry, doc: Document = document, runtime: typeof loadRuntime = loadRuntime) {
  const elements = Array.from(doc.querySelectorAll<HTMLElement>(`[${WIDGET_ATTRIBUTE}]`));
  const showEverywhere = (error: unknown) => {
    const message = error instanceof Error ? error.message : 'unable to get config';
    for (const element of elements) showError(element, message);
  };
  let raw: unknown;
  try {
    raw = readRawConfig(doc);
  } catch (error) {
    // Shown in every widget box and thrown, so the host's console shows it too.
    showEverywhere(error);
    throw error;
  }
  __webpack_public_path__ = staticUrlOf(raw);
  deferChunkEvaluation();
  // before any widget loads: each downloads its texts in this language (registry.ts)
  const locale = choosePageLocale(raw);
  // The runtime validates the config (e.g. 'invalid recaptcha method') before any widget mounts.
  // asked for from the next task, as each widget's: the loader's own task is its evaluation and the page's config alone
  const mounting = nextTask()
    .then(runtime)
    .then((loaded) => ({ ...loaded, config: loaded.validateConfig(raw) }));
  // A config error is shown in every widget box and logged once for the host's console
  // (not rethrown: one rejection per widget would only repeat it as "uncaught").
  mounting.catch((error: unknown) => {
    showEverywhere(error);
    console.error('[loanmanager]', error);
  });
  for (const element of elements) {
    const name = element.getAttribute(WIDGET_ATTRIBUTE) ?? '';
    const load = registry[name];
    if (!load) {
      showError(element, `Unknown widget "${name}".`);
      continue;
    }
    // asked for from the next task: one task attaching every script of the page was the load's longest
    Promise.all([mounting, nextTask().then(load)])
      .then(([{ mountWidget, config }, widget]) => mountWidget(element, name, widget.default, config))
      // a chunk that did not load, or a widget whose mounting threw: this box only
      .catch(() =>
        mounting.then(
          () => showError(element, LOADER_TEXTS[locale]['loader.failed']),
          () => undefined, // the config error is already shown in this box
        ),
    );
  }
}

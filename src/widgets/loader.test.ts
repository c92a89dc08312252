/**
 * The loader's own task is its evaluation and the page's config: it asks for the runtime's chunks
 * and each widget's from the next task, so one task does not attach every script of the page
 * (bench/RESULTS.md, "Main-thread tasks").
 */
import { CONFIG_ELEMENT_ID } from '../platform/rawConfig';
import { WIDGET_ATTRIBUTE } from '../platform/portalElements';
import { start } from './loader';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function hostPage(widget: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONFIG_ELEMENT_ID;
  block.textContent = '{}';
  const element = document.createElement('div');
  element.setAttribute(WIDGET_ATTRIBUTE, widget);
  document.body.replaceChildren(block, element);
}

// webpack's free variable, a plain global here (as in src/main.test.tsx)
beforeEach(() => {
  (globalThis as unknown as { __webpack_public_path__?: string }).__webpack_public_path__ = '';
});
afterEach(() => document.body.replaceChildren());

it("asks for a widget's chunks from the task after the loader's", async () => {
  hostPage('test-widget');
  // never resolves: this test is about when it is asked, not about mounting
  const load = jest.fn(() => new Promise<never>(() => undefined));

  start({ 'test-widget': load });

  expect(load).not.toHaveBeenCalled();
  await nextTask();
  expect(load).toHaveBeenCalledTimes(1);
});

it("asks for the runtime's chunks from the task after the loader's too", async () => {
  hostPage('test-widget');
  // never resolves: this test is about when it is asked, not about mounting
  const runtime = jest.fn(() => new Promise<never>(() => undefined));

  start({ 'test-widget': () => new Promise<never>(() => undefined) }, document, runtime);
  // the rest of the loader's task: its promise reactions
  for (let step = 0; step < 10; step += 1) await Promise.resolve();

  expect(runtime).not.toHaveBeenCalled();
  await nextTask();
  expect(runtime).toHaveBeenCalledTimes(1);
});

it("has webpack evaluate each chunk's modules a task after the chunk arrives", async () => {
  const webpack = globalThis as unknown as { __webpack_chunk_load__?: (chunkId: number) => Promise<unknown> };
  const arrived = jest.fn((_chunkId: number) => Promise.resolve());
  webpack.__webpack_chunk_load__ = arrived;
  try {
    hostPage('test-widget');
    start({ 'test-widget': () => new Promise<never>(() => undefined) });

    const steps: string[] = [];
    const evaluated = webpack.__webpack_chunk_load__(6755).then(() => steps.push('evaluated'));
    setTimeout(() => steps.push('the next task'), 0);
    await evaluated;

    expect(arrived).toHaveBeenCalledWith(6755);
    expect(steps).toEqual(['the next task', 'evaluated']);
  } finally {
    delete webpack.__webpack_chunk_load__;
  }
});

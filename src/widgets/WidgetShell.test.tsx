/**
 * WidgetShell's part in the page's load: the flows (RTK Query, the sagas) start after the widget's
 * first view, from a task of their own, not inside the commit that shows it, and not while another
 * part of the page's first view holds them.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Dialog } from '../components/Dialog/Dialog';
import { DIALOG_ANIMATION_SLACK_MS } from '../components/Dialog/dialogMachine';
import { FLOWS_HOLD_MAX_MS } from '../firstView/pageFlows';
import { makePageStore } from '../firstView/pageStore';
import { defaultConfig } from '../platform/config';
import { createNavigation } from '../platform/navigation';
import { recordingReporter } from '../testing/renderWithProviders';
import { WidgetShell } from './WidgetShell';

function pageStore() {
  const store = makePageStore({
    dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation: createNavigation(jest.fn()) },
  });
  return Object.assign(store, { startFlows: jest.fn(store.startFlows) });
}

// the flows' modules, loaded once: a test of when they start does not time their first transform
beforeAll(() => import('../app/flows'));

const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

it('starts the flows once the first view is committed, in a task after the commit', async () => {
  const store = pageStore();
  render(
    <WidgetShell store={store} widget="test" startsFlows>
      <p>First view</p>
    </WidgetShell>,
  );
  expect(screen.getByText('First view')).toBeInTheDocument();
  expect(store.startFlows).not.toHaveBeenCalled();

  await nextTask();

  expect(store.startFlows).toHaveBeenCalledTimes(1);
});

it('starts none for a widget gone before that task', async () => {
  const store = pageStore();
  const { unmount } = render(
    <WidgetShell store={store} widget="test" startsFlows>
      <p>First view</p>
    </WidgetShell>,
  );
  unmount();

  await nextTask();

  expect(store.startFlows).not.toHaveBeenCalled();
});

it("releases the hold its mounting took on the page's flows in that same task, before asking for them", async () => {
  const store = pageStore();
  const order: string[] = [];
  const releaseHold = jest.fn(() => void order.push('released'));
  store.startFlows.mockImplementation(() => {
    order.push('started');
    return Promise.resolve();
  });
  render(
    <WidgetShell store={store} widget="test" startsFlows releaseFlowsHold={releaseHold}>
      <p>First view</p>
    </WidgetShell>,
  );
  expect(releaseHold).not.toHaveBeenCalled();

  await nextTask();

  expect(order).toEqual(['released', 'started']);
});

it('a widget gone before its first view holds the flows no longer', async () => {
  const store = pageStore();
  const releaseHold = jest.fn();
  const { unmount } = render(
    <WidgetShell store={store} widget="test" startsFlows releaseFlowsHold={releaseHold}>
      <p>First view</p>
    </WidgetShell>,
  );

  unmount();

  expect(releaseHold).toHaveBeenCalled();
  await nextTask();
  expect(store.startFlows).not.toHaveBeenCalled();
});

it("a dialog that opens with the page keeps the page's flows waiting until it has opened, whichever widget shows first", async () => {
  const store = pageStore();
  const startsFlows = (widget: string, view: ReactNode) => (
    <WidgetShell store={store} widget={widget} startsFlows>
      {view}
    </WidgetShell>
  );
  const shownAt = performance.now();
  render(
    <>
      {startsFlows(
        'popups',
        <Dialog phase="open" title="Go paperless" onCloseRequested={() => undefined} onClosed={() => undefined}>
          Offer
        </Dialog>,
      )}
      {startsFlows('session-timeout', null)}
    </>,
  );
  expect(await screen.findByRole('dialog', { name: 'Go paperless' })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(store.getState()).not.toHaveProperty('api');

  await waitFor(() => expect(store.getState()).toHaveProperty('api'), { timeout: FLOWS_HOLD_MAX_MS / 2 });

  // not before the opening's end and its slack (jsdom runs no animation), nor at the store's own limit
  expect(performance.now() - shownAt).toBeGreaterThanOrEqual(DIALOG_ANIMATION_SLACK_MS);
});

it("a widget that fails shows its error as its first view, and holds the page's flows no longer", async () => {
  const store = pageStore();
  const releaseHold = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  function Broken(): never {
    throw new Error('broken widget');
  }
  render(
    <WidgetShell store={store} widget="test" startsFlows releaseFlowsHold={releaseHold}>
      <Broken />
    </WidgetShell>,
  );
  expect(screen.getByRole('alert')).toBeInTheDocument();

  await nextTask();

  expect(releaseHold).toHaveBeenCalled();
  expect(store.startFlows).toHaveBeenCalledTimes(1);
});

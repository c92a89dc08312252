/**
 * WidgetShell's part in the page's load: the flows (RTK Query, the sagas) start after the widget's
 * first view, from a task of their own, not inside the commit that shows it, and not while another
 * part of the page's first view holds them.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Dialog } from '../components/Dialog/Dialog';
import type { DialogPhase } from '../lib/dialogMachine';
import { DIALOG_ANIMATION_MS, DIALOG_ANIMATION_SLACK_MS, REDUCED_MOTION_QUERY } from '../lib/dialogTiming';
import { FLOWS_HOLD_MAX_MS } from '../app/flowsLifecycle';
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

/** A widget's own element, as mountWidget.tsx and hydrateWidget.tsx hand it to the shell. */
function widgetElement() {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

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
  // each widget in its own element, as on a page; both first views up before the next task
  const startsFlows = (widget: string, view: ReactNode) => {
    const container = widgetElement();
    render(
      <WidgetShell store={store} widget={widget} startsFlows container={container}>
        {view}
      </WidgetShell>,
      { container },
    );
  };
  const shownAt = performance.now();
  startsFlows('session-timeout', null);
  startsFlows(
    'popups',
    <Dialog phase="open" title="Go paperless" onCloseRequested={() => undefined} onClosed={() => undefined}>
      Offer
    </Dialog>,
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

describe("a dialog in a widget's first view holds the page's flows until it has opened (src/firstView/dialogHold.ts)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  /** The page store, its holds recorded: how many are out, how many were taken. */
  function storeWithRecordedHolds() {
    const store = pageStore();
    store.startFlows.mockImplementation(() => Promise.resolve());
    const hold = { out: 0, taken: 0 };
    const holdFlows = () => {
      hold.out += 1;
      hold.taken += 1;
      let released = false;
      return () => {
        if (!released) hold.out -= 1;
        released = true;
      };
    };
    return { store: Object.assign(store, { holdFlows }), hold };
  }

  function renderWidget(store: ReturnType<typeof pageStore>, phase: DialogPhase) {
    const container = widgetElement();
    const view = (dialogPhase: DialogPhase) => (
      <WidgetShell store={store} widget="popups" startsFlows container={container}>
        <Dialog phase={dialogPhase} title="Terms" onCloseRequested={() => undefined} onClosed={() => undefined}>
          <p>Read carefully.</p>
        </Dialog>
      </WidgetShell>
    );
    const { rerender, unmount } = render(view(phase), { container });
    return { reopen: (next: DialogPhase) => rerender(view(next)), unmount };
  }

  it('from the commit that shows it until its opening animation has ended, plus the slack', () => {
    const { store, hold } = storeWithRecordedHolds();
    renderWidget(store, 'open');
    expect(hold.out).toBe(1);
    advance(0);
    const dialog = screen.getByRole('dialog', { name: 'Terms' });
    advance(DIALOG_ANIMATION_MS - 2);
    expect(hold.out).toBe(1);

    fireEvent.animationEnd(dialog, { animationName: 'loanmanager-dialog-zoom-in' });
    advance(DIALOG_ANIMATION_SLACK_MS - 1);
    expect(hold.out).toBe(1);
    advance(1);

    expect(hold.out).toBe(0);
  });

  it('an opening with no animation to end counts as ended after the animation time', () => {
    const { store, hold } = storeWithRecordedHolds();
    renderWidget(store, 'open');
    advance(DIALOG_ANIMATION_MS + DIALOG_ANIMATION_SLACK_MS - 1);
    expect(hold.out).toBe(1);
    advance(1);
    expect(hold.out).toBe(0);
  });

  it('with reduced motion (no animation at all), after the slack alone', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === REDUCED_MOTION_QUERY })) as typeof window.matchMedia;
    try {
      const { store, hold } = storeWithRecordedHolds();
      renderWidget(store, 'open');
      expect(hold.out).toBe(1);
      advance(DIALOG_ANIMATION_SLACK_MS - 1);
      expect(hold.out).toBe(1);
      advance(1);
      expect(hold.out).toBe(0);
    } finally {
      window.matchMedia = original;
    }
  });

  it('a dialog mounted closed and opened later holds nothing', () => {
    const { store, hold } = storeWithRecordedHolds();
    const { reopen } = renderWidget(store, 'closed');
    advance(0);
    reopen('open');
    advance(0);
    expect(screen.getByRole('dialog', { name: 'Terms' })).toBeInTheDocument();
    expect(hold.taken).toBe(0);
  });

  it('a widget gone before its dialog opened holds them no longer', () => {
    const { store, hold } = storeWithRecordedHolds();
    const { unmount } = renderWidget(store, 'open');
    advance(0);
    expect(hold.out).toBe(1);

    unmount();

    expect(hold.out).toBe(0);
  });
});

import type { Middleware } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import type { PopupItem } from '../../api/schemas';
import { defaultConfig } from '../../platform/config';
import { makeStore } from '../../app/fullStore';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { recordingNavigation, recordingReporter } from '../../testing/renderWithProviders';
import type { PopupId } from './popupModel';
import { closeRequested, listReceived, popupClosed, widgetMounted, type CloseRequest } from './popupsSlice';

const COMBINED: PopupItem = { id: 'go-green-auto-pay', sub_type: 'auto_pay_go_green_combined' };
const TAX: PopupItem = { id: 'tax-reminder', tax_year: 2025 };
const VERIFY: PopupItem = { id: 'tfa-verify-email', email: 'uma@example.com' };

const SEEN = 'POST user/set_popup_seen/';
const DISMISS = 'POST user/dismiss_popup/';
const POPUPS = 'POST user/popup/';

function setup(items: PopupItem[], handlers: Record<string, MockHandler | MockResponse> = {}, coacct: string | null = '6') {
  const network = mockApi({ [POPUPS]: { body: items }, [SEEN]: { body: {} }, [DISMISS]: { body: {} }, ...handlers });
  const { reporter, reported } = recordingReporter();
  const actions: string[] = [];
  const recordTypes: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action !== null && 'type' in action && String(action.type).startsWith('popups/')) {
      actions.push(String(action.type));
    }
    return next(action);
  };
  const store = makeStore({
    dependencies: { config: defaultConfig({ coacct }), reporter, navigation: recordingNavigation().navigation },
    middleware: [recordTypes],
  });
  const current = () => store.getState().popups.current;
  const seenIds = () => network.sent(SEEN).map((request) => request.body);

  /** Waits until `id` is on screen and open, and every request it started has been answered. */
  const waitForOpen = async (id: PopupId) => {
    await waitFor(() => expect(current()).toMatchObject({ popup: { id }, phase: 'open' }));
    await settled();
  };
  const settled = () => waitFor(() => expect(Object.keys(store.getState().api.mutations)).toHaveLength(0));
  const close = (request: CloseRequest) => {
    store.dispatch(closeRequested(request));
    store.dispatch(popupClosed());
  };
  return { store, network, reported, actions, current, seenIds, waitForOpen, settled, close };
}

describe('popupsSaga', () => {
  it('fetches the list with the coacct, once per page, when the widget mounts', async () => {
    const { store, network, waitForOpen } = setup([TAX]);
    expect(network.requests).toHaveLength(0);
    store.dispatch(widgetMounted());
    store.dispatch(widgetMounted());
    await waitForOpen('tax-reminder');
    expect(network.sent(POPUPS).map((request) => request.body)).toEqual([{ coacct: '6' }]);
  });

  it('shows the popups one at a time, in order; the next waits until the previous is closed, not just closing', async () => {
    const { store, current, actions, seenIds, waitForOpen, settled } = setup([COMBINED, TAX, VERIFY]);
    store.dispatch(widgetMounted());
    await waitForOpen('go-green-auto-pay');

    store.dispatch(closeRequested({ reason: 'declined' }));
    await settled();
    expect(current()).toMatchObject({ popup: { id: 'go-green-auto-pay' }, phase: 'closing', closeReason: 'declined' });
    expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }]);

    store.dispatch(popupClosed());
    await waitForOpen('tax-reminder');
    store.dispatch(closeRequested({ reason: 'ok' }));
    store.dispatch(popupClosed());
    await waitForOpen('tfa-verify-email');
    store.dispatch(closeRequested({ reason: 'acknowledged' }));
    store.dispatch(popupClosed());

    expect(current()).toMatchObject({ popup: { id: 'tfa-verify-email' }, phase: 'closed' });
    expect(store.getState().popups.shown).toEqual(['go-green-auto-pay', 'tax-reminder', 'tfa-verify-email']);
    expect(seenIds()).toEqual([
      { id_to_mark_as_seen: 'go-green-auto-pay' },
      { id_to_mark_as_seen: 'tax-reminder' },
      { id_to_mark_as_seen: 'tfa-verify-email' },
    ]);
    expect(actions).toEqual([
      'popups/widgetMounted',
      'popups/listReceived',
      'popups/popupMarkedSeen',
      'popups/closeRequested',
      'popups/popupDismissed',
      'popups/popupClosed',
      'popups/popupShown',
      'popups/popupMarkedSeen',
      'popups/closeRequested',
      'popups/popupClosed',
      'popups/popupShown',
      'popups/popupMarkedSeen',
      'popups/closeRequested',
      'popups/popupClosed',
    ]);
  });

  it('keeps the queue in the store: pending, on screen, shown, seen and dismissed, at each step', async () => {
    const { store, waitForOpen, close, settled } = setup([COMBINED, TAX]);
    const popups = () => store.getState().popups;
    store.dispatch(widgetMounted());
    await waitForOpen('go-green-auto-pay');
    expect(popups()).toMatchObject({ listed: true, pending: [TAX], shown: ['go-green-auto-pay'], seen: ['go-green-auto-pay'], dismissed: [] });

    close({ reason: 'declined' });
    await waitForOpen('tax-reminder');
    expect(popups()).toMatchObject({ pending: [], dismissed: ['go-green-auto-pay'], seen: ['go-green-auto-pay', 'tax-reminder'] });
    close({ reason: 'dont-show-again' });
    await settled();
    expect(popups()).toEqual({
      listed: true,
      pending: [],
      current: { popup: { id: 'tax-reminder', taxYear: 2025 }, phase: 'closed', closeReason: 'dont-show-again' },
      shown: ['go-green-auto-pay', 'tax-reminder'],
      seen: ['go-green-auto-pay', 'tax-reminder'],
      dismissed: ['go-green-auto-pay', 'tax-reminder'],
    });
  });

  it('takes the next popup from the store: a queue restored into the store (time travel, a replayed state) is followed from where it was', async () => {
    const { network, reported } = setup([]);
    const { reporter } = recordingReporter();
    const store = makeStore({
      dependencies: { config: defaultConfig({ coacct: '6' }), reporter, navigation: recordingNavigation().navigation },
      preloadedState: {
        popups: { listed: true, pending: [VERIFY], current: null, shown: ['tax-reminder'], seen: ['tax-reminder'], dismissed: [] },
      },
    });
    store.dispatch(widgetMounted());
    await waitFor(() => expect(store.getState().popups.current).toMatchObject({ popup: { id: 'tfa-verify-email' }, phase: 'open' }));
    expect(store.getState().popups).toMatchObject({ pending: [], shown: ['tax-reminder', 'tfa-verify-email'] });
    expect(network.sent(POPUPS)).toHaveLength(0);
    expect(reported).toEqual([]);
  });

  it('sends the seen mark and the dismissal with keepalive, so leaving the page at once does not cut them off', async () => {
    const { store, network, waitForOpen, close, settled } = setup([TAX]);
    store.dispatch(widgetMounted());
    await waitForOpen('tax-reminder');
    close({ reason: 'dont-show-again' });
    await settled();
    expect(network.sent(SEEN).map((request) => request.keepalive)).toEqual([true]);
    expect(network.sent(DISMISS).map((request) => request.keepalive)).toEqual([true]);
    expect(network.sent(POPUPS).map((request) => request.keepalive)).toEqual([false]);
  });

  it('marks a popup seen exactly once, and never one that was not shown', async () => {
    const { store, seenIds, waitForOpen, close, settled } = setup([COMBINED, TAX]);
    store.dispatch(widgetMounted());
    await waitForOpen('go-green-auto-pay');
    // a second request while closing changes nothing
    store.dispatch(closeRequested({ reason: 'declined' }));
    store.dispatch(closeRequested({ reason: 'dismissed', trigger: 'escape' }));
    await settled();
    expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }]);
    expect(store.getState().popups.current?.closeReason).toBe('declined');
    store.dispatch(popupClosed());
    store.dispatch(popupClosed());
    await waitForOpen('tax-reminder');
    expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }, { id_to_mark_as_seen: 'tax-reminder' }]);
    close({ reason: 'ok' });
    await settled();
    expect(seenIds()).toHaveLength(2);
  });

  it('skips and reports unknown ids, unknown sub_types and unusable items, without marking them seen', async () => {
    const { store, reported, seenIds, waitForOpen, close, settled } = setup([
      { id: 'birthday-card' },
      { id: 'go-green-auto-pay', sub_type: 'solar_panels' },
      TAX,
      { id: 'tfa-verify-email', email: null },
      { id: 'tax-reminder', tax_year: 'last year' },
    ]);
    store.dispatch(widgetMounted());
    await waitForOpen('tax-reminder');
    close({ reason: 'ok' });
    await settled();

    expect(store.getState().popups.shown).toEqual(['tax-reminder']);
    expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'tax-reminder' }]);
    expect(reported.map((entry) => [entry.kind, entry.context?.id])).toEqual([
      ['report', 'birthday-card'],
      ['report', 'go-green-auto-pay'],
      ['report', 'tfa-verify-email'],
      ['report', 'tax-reminder'],
    ]);
  });

  it.each<[string, PopupItem, CloseRequest, boolean]>([
    ["the tax popup's Don't show again", TAX, { reason: 'dont-show-again' }, true],
    ["the tax popup's Ok", TAX, { reason: 'ok' }, false],
    ['the tax popup dismissed with Escape', TAX, { reason: 'dismissed', trigger: 'escape' }, false],
    ['another popup closed with dont-show-again', COMBINED, { reason: 'dont-show-again' }, false],
    // the offer's decline link: the server rests it (server/services/popups.ts) instead of offering it at every sign-in
    ["the offer's decline link", COMBINED, { reason: 'declined' }, true],
    ['the offer closed with its close button', COMBINED, { reason: 'dismissed', trigger: 'closeButton' }, false],
  ])('dismissal: %s', async (_label, item, request, dismissed) => {
    const { store, network, waitForOpen, close, settled } = setup([item]);
    store.dispatch(widgetMounted());
    await waitForOpen(item.id as PopupId);
    close(request);
    await settled();
    expect(network.sent(DISMISS).map((sent) => sent.body)).toEqual(dismissed ? [{ id_to_dismiss: item.id }] : []);
  });

  it('sends the dismissal as soon as it is chosen, before the close animation ends', async () => {
    const { store, network, waitForOpen, settled } = setup([TAX]);
    store.dispatch(widgetMounted());
    await waitForOpen('tax-reminder');
    store.dispatch(closeRequested({ reason: 'dont-show-again' }));
    await settled();
    expect(store.getState().popups.current?.phase).toBe('closing');
    expect(network.sent(DISMISS)).toHaveLength(1);
  });

  it('the verify-email popup is closed only by its acknowledge button', async () => {
    const { store, current, waitForOpen } = setup([VERIFY, TAX]);
    store.dispatch(widgetMounted());
    await waitForOpen('tfa-verify-email');
    for (const trigger of ['escape', 'backdrop', 'closeButton'] as const) {
      store.dispatch(closeRequested({ reason: 'dismissed', trigger }));
      store.dispatch(popupClosed());
    }
    expect(current()).toMatchObject({ popup: { id: 'tfa-verify-email' }, phase: 'open', closeReason: null });
    store.dispatch(closeRequested({ reason: 'acknowledged' }));
    store.dispatch(popupClosed());
    await waitForOpen('tax-reminder');
  });

  it('only logs a failure to fetch the popups', async () => {
    const { store, network, reported, current } = setup([], { [POPUPS]: { status: 500, body: { errors: ['down'] } } });
    store.dispatch(widgetMounted());
    await waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]).toMatchObject({ kind: 'log', context: { status: 500 } });
    expect(current()).toBeNull();
    expect(network.requests).toHaveLength(1);
  });

  it('only logs failures to mark seen and to dismiss, and goes on with the next popup', async () => {
    const failing = { status: 500, body: { errors: ['down'] } };
    const { store, reported, waitForOpen, close, settled } = setup([TAX, COMBINED], { [SEEN]: failing, [DISMISS]: failing });
    store.dispatch(widgetMounted());
    await waitForOpen('tax-reminder');
    close({ reason: 'dont-show-again' });
    await waitForOpen('go-green-auto-pay');
    close({ reason: 'declined' });
    await settled();
    expect(reported.map((entry) => [entry.kind, entry.what])).toEqual([
      ['log', 'popups: could not mark a popup seen'],
      ['log', 'popups: could not dismiss a popup'],
      ['log', 'popups: could not mark a popup seen'],
      ['log', 'popups: could not dismiss a popup'],
    ]);
    expect(store.getState().popups.shown).toEqual(['tax-reminder', 'go-green-auto-pay']);
  });

  it('without a coacct in the page config, sends nothing and logs it', async () => {
    const { store, network, reported } = setup([TAX], {}, null);
    store.dispatch(widgetMounted());
    await waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]?.kind).toBe('log');
    expect(network.requests).toHaveLength(0);
  });

  describe('a list in the store before the saga runs (the page came with it)', () => {
    it('the first popup is open before the flows start; they ask for nothing, mark it seen, and go on with the rest', async () => {
      const { store, network, current, seenIds, waitForOpen, close } = setup([]);
      store.dispatch(listReceived([COMBINED, TAX]));
      // the widget's first view: no saga has run, nothing has been sent
      expect(current()).toMatchObject({ popup: { id: 'go-green-auto-pay', subType: 'auto_pay_go_green_combined' }, phase: 'open' });
      expect(network.requests).toHaveLength(0);

      store.dispatch(widgetMounted());
      await waitFor(() => expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }]));
      expect(network.sent(POPUPS)).toHaveLength(0);

      close({ reason: 'declined' });
      await waitForOpen('tax-reminder');
      expect(store.getState().popups.shown).toEqual(['go-green-auto-pay', 'tax-reminder']);
      expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }, { id_to_mark_as_seen: 'tax-reminder' }]);
    });

    it('a popup closed before the flows arrived is still marked seen, its choice still sent, and the next one shown', async () => {
      const { store, network, seenIds, waitForOpen, close } = setup([]);
      store.dispatch(listReceived([TAX, VERIFY]));
      close({ reason: 'dont-show-again' });
      expect(store.getState().popups.current).toMatchObject({ popup: { id: 'tax-reminder' }, phase: 'closed' });

      store.dispatch(widgetMounted());
      await waitForOpen('tfa-verify-email');
      expect(network.sent(DISMISS).map((request) => request.body)).toEqual([{ id_to_dismiss: 'tax-reminder' }]);
      expect(seenIds()).toEqual([{ id_to_mark_as_seen: 'tax-reminder' }, { id_to_mark_as_seen: 'tfa-verify-email' }]);
      expect(network.sent(POPUPS)).toHaveLength(0);
    });

    it('one closing when the flows arrive is followed to its end before the next opens', async () => {
      const { store, current, waitForOpen, settled } = setup([]);
      store.dispatch(listReceived([COMBINED, TAX]));
      store.dispatch(closeRequested({ reason: 'declined' }));
      store.dispatch(widgetMounted());
      await settled();
      expect(current()).toMatchObject({ popup: { id: 'go-green-auto-pay' }, phase: 'closing' });
      store.dispatch(popupClosed());
      await waitForOpen('tax-reminder');
    });

    it('a first item this build cannot show is not drawn: the flows skip and report it, then show the next', async () => {
      const { store, current, reported, waitForOpen } = setup([]);
      store.dispatch(listReceived([{ id: 'tax-reminder', tax_year: 'soon' }, VERIFY]));
      expect(current()).toBeNull();
      store.dispatch(widgetMounted());
      await waitForOpen('tfa-verify-email');
      expect(reported.map((entry) => [entry.kind, entry.context?.id])).toEqual([['report', 'tax-reminder']]);
    });

    it('an empty list shows nothing and asks for nothing', async () => {
      const { store, network, current, settled } = setup([TAX]);
      store.dispatch(listReceived([]));
      store.dispatch(widgetMounted());
      await settled();
      expect(current()).toBeNull();
      expect(network.requests).toHaveLength(0);
    });

    it('a second hand-over of the answers (a second popups widget) does not reopen or repeat anything', async () => {
      const { store, seenIds, waitForOpen, close } = setup([]);
      store.dispatch(listReceived([COMBINED, TAX]));
      store.dispatch(widgetMounted());
      await waitFor(() => expect(seenIds()).toHaveLength(1));
      close({ reason: 'declined' });
      await waitForOpen('tax-reminder');
      store.dispatch(listReceived([COMBINED, TAX]));
      expect(store.getState().popups.current).toMatchObject({ popup: { id: 'tax-reminder' }, phase: 'open' });
      expect(store.getState().popups.shown).toEqual(['go-green-auto-pay', 'tax-reminder']);
    });
  });
});

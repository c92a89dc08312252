/** The inactivity warning's saga in a real store (sagas on), with jest's fake clock, a mocked network and a fake tab channel. */
import { userApi } from '../../api/userApi';
import { makeStore } from '../../app/fullStore';
import { loginAfterInactivity } from '../../lib/portalUrls';
import { defaultConfig } from '../../platform/config';
import { actionLog } from '../../testing/actionLog';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { recordingNavigation, recordingReporter } from '../../testing/renderWithProviders';
import { WARNING_BEFORE_END_MS } from './sessionTimeoutSaga';
import { signOutPressed, staySignedInPressed, widgetMounted } from './sessionTimeoutSlice';
import { TAB_CHANNEL_NAME } from './tabSync';

const SESSION = 'GET user/session/';
const EXTEND = 'POST user/session/extend/';
const LOGOUT = 'POST account/logout/';
const CHECK_EMAIL = 'GET user/check_email_address/';
const IS_VALIDATED = 'GET user/is_validated/';

const IDLE_S = 14 * 60;
const fresh = { expires_in_seconds: 15 * 60, idle_timeout_seconds: IDLE_S, max_expires_in_seconds: 12 * 3600 };
const SECOND = 1000;
const WARN_AT = fresh.expires_in_seconds * SECOND - WARNING_BEFORE_END_MS;

/** BroadcastChannel between the tabs of one test: delivery on a microtask, like a real one's next task. */
class FakeBroadcastChannel {
  static open = new Set<FakeBroadcastChannel>();
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeBroadcastChannel.open) {
      if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data }));
    }
  }
  close() {
    FakeBroadcastChannel.open.delete(this);
  }
}

/** Another tab of the portal: what it hears, and what it says. */
function otherTab() {
  const heard: unknown[] = [];
  const channel = new FakeBroadcastChannel(TAB_CHANNEL_NAME);
  channel.onmessage = (event) => heard.push(event.data);
  return { heard, announce: (endsAt: number) => channel.postMessage({ endsAt }) };
}

function setup(handlers: Record<string, MockHandler | MockResponse> = {}) {
  const network = mockApi({
    [SESSION]: { body: fresh },
    [EXTEND]: { body: fresh },
    [LOGOUT]: { body: {} },
    [CHECK_EMAIL]: { body: { valid: true } },
    [IS_VALIDATED]: { body: { validated: false } },
    ...handlers,
  });
  const { reporter, reported } = recordingReporter();
  const { navigation, visited } = recordingNavigation();
  const log = actionLog();
  const store = makeStore({ middleware: [log.middleware], dependencies: { config: defaultConfig(), reporter, navigation } });
  const dialog = () => store.getState().sessionTimeout.dialog;
  return { store, network, reported, visited, log, dialog };
}

const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

async function mounted(handlers: Record<string, MockHandler | MockResponse> = {}) {
  const context = setup(handlers);
  context.store.dispatch(widgetMounted());
  await advance(0);
  return context;
}

beforeEach(() => {
  jest.useFakeTimers();
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = FakeBroadcastChannel;
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  FakeBroadcastChannel.open.clear();
});

describe('the warning', () => {
  it('opens 2 minutes before the end the server gave, not sooner', async () => {
    const { store, network, dialog } = await mounted();
    expect(network.sent(SESSION)).toHaveLength(1);
    expect(store.getState().sessionTimeout.endsAt).toBe(Date.now() + fresh.expires_in_seconds * SECOND);
    await advance(WARN_AT - 1);
    expect(dialog()).toBe('closed');
    await advance(1);
    expect(dialog()).toBe('open');
  });

  it('a request made for the borrower moves the end; the background poll does not', async () => {
    const { store, dialog, log } = await mounted();
    await advance(10 * 60 * SECOND);
    void store.dispatch(userApi.endpoints.isValidated.initiate({ email_address: 'a@example.com' }, { forceRefetch: true }));
    await advance(0);
    await advance(WARN_AT - 10 * 60 * SECOND);
    expect(dialog()).toBe('open');

    const later = await mounted();
    await advance(10 * 60 * SECOND);
    void later.store.dispatch(userApi.endpoints.checkEmailAddress.initiate({ email_address: 'a@example.com' }, { forceRefetch: true }));
    await advance(0);
    const movedTo = later.store.getState().sessionTimeout.endsAt;
    expect(movedTo).toBe(Date.now() + IDLE_S * SECOND);
    await advance(WARN_AT - 10 * 60 * SECOND);
    expect(later.dialog()).toBe('closed');
    await advance(movedTo! - WARNING_BEFORE_END_MS - Date.now());
    expect(later.dialog()).toBe('open');
    expect(log.of('sessionTimeout')).toContain('sessionTimeout/warningShown');
  });

  it('is not shown for a credential that does not idle out, nor when the server says there is no session', async () => {
    const token = await mounted({ [SESSION]: { body: { expires_in_seconds: null, idle_timeout_seconds: null, max_expires_in_seconds: null } } });
    const anonymous = await mounted({ [SESSION]: { status: 401, body: { errors: ['Authentication credentials were not provided.'] } } });
    await advance(13 * 3600 * SECOND);
    expect(token.dialog()).toBe('closed');
    expect(anonymous.dialog()).toBe('closed');
    expect(token.network.sent(LOGOUT)).toHaveLength(0);
    expect(anonymous.visited).toEqual([]);
    expect(FakeBroadcastChannel.open.size).toBe(0);
  });
});

describe('answering it', () => {
  it('"Stay signed in" asks the server, closes the warning, and the new end counts', async () => {
    const { store, network, visited, dialog } = await mounted();
    await advance(WARN_AT + 30 * SECOND);
    expect(dialog()).toBe('open');
    store.dispatch(staySignedInPressed({ via: 'button' }));
    await advance(0);
    expect(network.sent(EXTEND)).toHaveLength(1);
    expect(dialog()).toBe('closing');
    expect(store.getState().sessionTimeout.endsAt).toBe(Date.now() + fresh.expires_in_seconds * SECOND);
    await advance(WARNING_BEFORE_END_MS);
    expect(network.sent(LOGOUT)).toHaveLength(0);
    expect(visited).toEqual([]);
  });

  it('ignored: at the end the page signs out and goes to the sign-in page, which says why and returns here', async () => {
    const { network, visited, log, dialog } = await mounted();
    await advance(WARN_AT);
    expect(dialog()).toBe('open');
    await advance(WARNING_BEFORE_END_MS - 1);
    expect(network.sent(LOGOUT)).toHaveLength(0);
    await advance(1);
    expect(network.sent(LOGOUT)).toHaveLength(1);
    expect(visited).toEqual([{ url: loginAfterInactivity(window.location.pathname), fullReload: true }]);
    expect(log.of('sessionTimeout')).toEqual([
      'sessionTimeout/widgetMounted',
      'sessionTimeout/endMoved',
      'sessionTimeout/warningShown',
      'sessionTimeout/timedOut',
    ]);
    expect(FakeBroadcastChannel.open.size).toBe(0);
  });

  it('"Sign out" signs out and goes to the sign-in page without the inactivity message', async () => {
    const { store, network, visited } = await mounted();
    await advance(WARN_AT);
    store.dispatch(signOutPressed());
    await advance(0);
    expect(network.sent(LOGOUT)).toHaveLength(1);
    // which says "You have signed out" (src/features/login)
    expect(visited).toEqual([{ url: '/loanmanager/login/?signed_out=1', fullReload: true }]);
  });

  it('ignored on a loan\'s page: the sign-in page returns to that loan (issue 39, E7)', async () => {
    window.history.replaceState(null, '', '/loanmanager/loanoverview/?loanno=9000000003');
    try {
      const { visited } = await mounted();
      await advance(WARN_AT + WARNING_BEFORE_END_MS);
      expect(visited).toEqual([
        { url: `/loanmanager/login/?inactive=1&next=${encodeURIComponent('/loanmanager/loanoverview/?loanno=9000000003')}`, fullReload: true },
      ]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('a "Stay signed in" that does not reach the server says so and keeps the warning; the end still signs out', async () => {
    const { store, visited, dialog, reported } = await mounted({ [EXTEND]: { status: 503, body: { errors: ['down'] } } });
    await advance(WARN_AT);
    store.dispatch(staySignedInPressed({ via: 'button' }));
    await advance(0);
    expect(dialog()).toBe('open');
    expect(store.getState().sessionTimeout).toMatchObject({ pending: 'none', extendFailed: true });
    expect(reported).toContainEqual({ kind: 'log', what: 'session timeout: "Stay signed in" failed', context: { status: 503 } });
    await advance(WARNING_BEFORE_END_MS);
    expect(visited).toEqual([{ url: loginAfterInactivity(window.location.pathname), fullReload: true }]);
  });

  it('a session the server has ended already cannot be extended: straight to the sign-in page', async () => {
    const { store, visited } = await mounted({ [EXTEND]: { status: 401, body: { errors: ['Authentication credentials were not provided.'] } } });
    await advance(WARN_AT);
    store.dispatch(staySignedInPressed({ via: 'escape' }));
    await advance(0);
    expect(visited).toEqual([{ url: loginAfterInactivity(window.location.pathname), fullReload: true }]);
  });
});

describe('several tabs', () => {
  it('each end this tab learns is announced to the others: a number, nothing else', async () => {
    const tab = otherTab();
    const { store } = await mounted();
    expect(tab.heard).toEqual([{ endsAt: store.getState().sessionTimeout.endsAt }]);
  });

  it('a later end from another tab closes the warning here and moves the sign-out', async () => {
    const tab = otherTab();
    const { store, network, visited, dialog } = await mounted();
    await advance(WARN_AT);
    expect(dialog()).toBe('open');
    const extendedElsewhere = Date.now() + fresh.expires_in_seconds * SECOND;
    tab.announce(extendedElsewhere);
    await advance(0);
    expect(dialog()).toBe('closing');
    expect(store.getState().sessionTimeout.endsAt).toBe(extendedElsewhere);
    await advance(WARNING_BEFORE_END_MS);
    expect(network.sent(LOGOUT)).toHaveLength(0);
    expect(visited).toEqual([]);
  });
});

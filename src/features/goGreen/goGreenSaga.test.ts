/** The go-green sagas run whole in a real store (sagas on), with jest's fake clock and a mocked network. */
import { defaultConfig } from '../../platform/config';
import { memoryStorage } from '../../platform/memoryStorage';
import { makeStore } from '../../app/fullStore';
import { MESSAGES } from '../../lib/validation/messages';
import { selectSnackbarMessages } from '../../state/snackbarSlice';
import { actionLog } from '../../testing/actionLog';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { recordingNavigation, recordingReporter } from '../../testing/renderWithProviders';
import { GO_GREEN_MESSAGES } from './goGreenMessages';
import { EMAIL_CHECK_DELAY_MS } from '../../sagas/emailAddressCheck';
import { CORRECTED_LINK_KEY, LINK_SENT_KEY, POLL_BACKOFF_MAX_MS, POLL_INTERVAL_MS } from './goGreenSaga';
import {
  goGreenActions as actions,
  goGreenSlice,
  initialGoGreenState,
  selectCanSendVerification,
  selectEmailCheck,
  selectEmailErrors,
  type GoGreenState,
} from './goGreenSlice';

/** A keystroke in the address field: the whole value, as the input sends it. */
const typed = (email: string) => actions.fieldChanged({ email });
import { api as baseApi } from '../../api/baseApi';
import type { GoGreenInfo } from '../../api/schemas';
import { goGreenApi } from '../../api/goGreenApi';
import { selectGoGreenInfo, selectGoGreenLoad } from '../../api/goGreenStatusCache';
import { loadClientDescription } from './onDemandModules';

// the download of the client-description code is a boundary like the network: a test can fail it
jest.mock('./onDemandModules', () => {
  const actual = jest.requireActual<typeof import('./onDemandModules')>('./onDemandModules');
  return { ...actual, loadClientDescription: jest.fn(actual.loadClientDescription) };
});

const IS_VALIDATED = 'GET user/is_validated/';
const CHECK_EMAIL = 'GET user/check_email_address/';
const EMAIL_CHANGE = 'POST user/request_email_change/';
const STATUS = 'GET go-green/status/';
const OPT_IN = 'POST go-green/opt_in/';

const onFile = {
  email_address: 'uma@example.com',
  email_validated: false,
  electdocs: false,
  disclosures: '<p>Terms</p>',
};

function setup(handlers: Record<string, MockHandler | MockResponse> = {}, goGreen?: GoGreenState) {
  const api = mockApi({ [STATUS]: { body: onFile }, ...handlers });
  const { reporter, reported } = recordingReporter();
  const { navigation, visited } = recordingNavigation();
  const log = actionLog();
  const store = makeStore({
    preloadedState: goGreen ? { goGreen } : undefined,
    middleware: [log.middleware],
    dependencies: { config: defaultConfig(), reporter, navigation },
  });
  const polls = () => api.sent(IS_VALIDATED).map((request) => request.url.searchParams.get('email_address'));
  return { store, api, reported, visited, log, polls };
}

/** A status in RTK Query's cache before the widget mounts (what src/firstView does with a page that came with it). */
function statusInCache(store: ReturnType<typeof setup>['store'], status: GoGreenInfo) {
  store.dispatch(goGreenApi.util.upsertQueryEntries([{ endpointName: 'getGoGreenStatus', arg: undefined, value: status }]));
}

/** Lets the fake clock run, with every promise (fetch, RTK Query, saga) settled between timers. */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** Status loaded, 'No' chosen, on step 2 (built by the reducer: no status request, no cache timer). */
function onEmailStep(handlers: Record<string, MockHandler | MockResponse> = {}) {
  const goGreen = [
    actions.emailChoiceChanged({ choice: 'no', emailValidated: false }),
    actions.nextPressed(),
  ].reduce(
    goGreenSlice.reducer,
    initialGoGreenState,
  );
  return setup(handlers, goGreen);
}

/** The widget mounted and its status loaded (into the API cache): the opt-in goes to the address on file. */
async function mountedWithStatus(handlers: Record<string, MockHandler | MockResponse> = {}) {
  const context = setup(handlers);
  context.store.dispatch(actions.widgetMounted());
  await advance(0);
  return context;
}

/** RTK Query's own subscription bookkeeping runs on a 500 ms timer; nothing of ours may remain after it. */
async function expectNoTimerLeft() {
  await advance(500);
  expect(jest.getTimerCount()).toBe(0);
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('verification polling', () => {
  test('polls user/is_validated exactly every 5000 ms with the address', async () => {
    expect(POLL_INTERVAL_MS).toBe(5000);
    const { store, polls } = setup({ [IS_VALIDATED]: { body: { validated: false } } });
    store.dispatch(actions.pollingStarted({ emailAddress: 'new@example.com' }));
    await advance(POLL_INTERVAL_MS - 1);
    expect(polls()).toHaveLength(0);
    await advance(1);
    expect(polls()).toEqual(['new@example.com']);
    await advance(POLL_INTERVAL_MS - 1);
    expect(polls()).toHaveLength(1);
    await advance(1);
    expect(polls()).toHaveLength(2);
  });

  test('has no upper limit: it carries on past 100 polls', async () => {
    const { store, polls } = setup({ [IS_VALIDATED]: { body: { validated: false } } });
    store.dispatch(actions.pollingStarted({ emailAddress: 'new@example.com' }));
    for (let poll = 0; poll < 120; poll += 1) await advance(POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(120);
  });

  test('stops when validated: status changed, no further poll', async () => {
    let answers = 0;
    const { store, polls, log } = onEmailStep({
      [CHECK_EMAIL]: { body: { valid: true } },
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: () => ({ body: { validated: (answers += 1) === 3 } }),
    });
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    expect(store.getState().goGreen.verificationStatus).toBe('waiting');
    await advance(3 * POLL_INTERVAL_MS);
    expect(store.getState().goGreen.verificationStatus).toBe('changed');
    await advance(10 * POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(3);
    expect(log.of('goGreen')).toEqual([
      'goGreen/verificationEmailRequested',
      'goGreen/verificationEmailSent',
      'goGreen/pollingStarted',
      'goGreen/validationResultReceived',
      'goGreen/pollingStopped',
    ]);
  });

  test.each([
    ['cancel', actions.verificationCancelled(), 'input'],
    ['leaving the step', actions.backPressed(), 'input'],
    // the next mount starts afresh
    ['unmount', actions.widgetUnmounted(), 'waiting'],
  ])('stops on %s, and leaves no timer behind', async (_name, stop, status) => {
    const { store, polls } = onEmailStep({
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: { body: { validated: false } },
    });
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(2 * POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(2);
    store.dispatch(stop);
    await expectNoTimerLeft();
    await advance(10 * POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(2);
    expect(store.getState().goGreen.verificationStatus).toBe(status);
  });

  test('a failed poll keeps the waiting step: logged once, said on the step, the polls back off (5, 10, 20, 40 s) and resume by themselves at 5 s', async () => {
    expect(POLL_BACKOFF_MAX_MS).toBe(60_000);
    // three failures of three kinds, then the server answers: not yet, then validated
    const answers: Array<() => MockResponse> = [
      () => ({ status: 500, body: { errors: ['boom'] } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ status: 503, html: '<html>Service Unavailable</html>' }),
      () => ({ body: { validated: false } }),
      () => ({ body: { validated: true } }),
    ];
    const { store, polls, reported, log } = onEmailStep({
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: () => answers[polls().length - 1]!(),
    });
    const goGreen = () => store.getState().goGreen;
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    // the polls go out at 5 s, then 10, 20 and 40 s after each failure, then 5 s after an answer
    const expectedPollTimes = [5, 15, 35, 75, 80].map((seconds) => seconds * 1000);
    let now = 0;
    for (const [index, at] of expectedPollTimes.entries()) {
      await advance(at - now - 1);
      expect(polls()).toHaveLength(index);
      await advance(1);
      now = at;
      expect(polls()).toHaveLength(index + 1);
      if (index === 0) {
        // still waiting: the link works; the step says it cannot check for now
        expect(goGreen()).toMatchObject({ step: 'email', verificationStatus: 'waiting', verificationCheckFailing: true });
      }
      if (index === 3) expect(goGreen()).toMatchObject({ verificationStatus: 'waiting', verificationCheckFailing: false });
    }
    expect(goGreen()).toMatchObject({ verificationStatus: 'changed', verificationCheckFailing: false });
    // logged once for the run of failures, with no address; no snackbar, nothing sent again
    expect(reported).toEqual([
      { kind: 'log', what: 'go-green: verification polling failed', context: { flow: 'goGreen', status: 500 } },
    ]);
    expect(selectSnackbarMessages(store.getState())).toEqual([]);
    expect(log.of('goGreen')).toEqual([
      'goGreen/verificationEmailRequested',
      'goGreen/verificationEmailSent',
      'goGreen/pollingStarted',
      'goGreen/verificationCheckFailed',
      'goGreen/verificationCheckResumed',
      'goGreen/validationResultReceived',
      'goGreen/pollingStopped',
    ]);
    await expectNoTimerLeft();
  });

  test('the back-off doubles up to 60 s and stays there while the server is away; Cancel still ends it', async () => {
    const { store, polls } = onEmailStep({
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: { status: 502, body: {} },
    });
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    // 5 + 10 + 20 + 40 + 60 + 60 s: six polls in 195 s
    await advance(195_000);
    expect(polls()).toHaveLength(6);
    await advance(59_999);
    expect(polls()).toHaveLength(6);
    await advance(1);
    expect(polls()).toHaveLength(7);
    store.dispatch(actions.verificationCancelled());
    await expectNoTimerLeft();
    expect(store.getState().goGreen).toMatchObject({ verificationStatus: 'input', verificationCheckFailing: false });
  });

  test('never two at once: starting again cancels the earlier poll, including its request in flight', async () => {
    const { store, polls } = setup({
      [IS_VALIDATED]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return { body: { validated: false } };
      },
    });
    store.dispatch(actions.pollingStarted({ emailAddress: 'first@example.com' }));
    await advance(POLL_INTERVAL_MS + 1000); // the first request is in flight
    store.dispatch(actions.pollingStarted({ emailAddress: 'second@example.com' }));
    await advance(4 * (POLL_INTERVAL_MS + 3000));
    expect(polls()[0]).toBe('first@example.com');
    expect(polls().slice(1)).toEqual(Array(4).fill('second@example.com'));
    // the first loop never polled again, and no request is left in flight
    expect(Object.values(store.getState().api.queries).filter((query) => query?.status === 'pending')).toEqual([]);
  });

  test('an email-change failure is logged and the borrower told (the spec\'s snackbar text: no silent failure, issue 39); nothing polls', async () => {
    const { store, polls, reported } = onEmailStep({ [EMAIL_CHANGE]: { status: 500, body: { errors: ['x'] } } });
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(3 * POLL_INTERVAL_MS);
    expect(reported).toEqual([
      { kind: 'log', what: 'go-green: email change request failed', context: { flow: 'goGreen', status: 500 } },
    ]);
    expect(selectSnackbarMessages(store.getState()).map((message) => message.text)).toEqual(['goGreen.problem']);
    expect(store.getState().goGreen).toMatchObject({ verificationStatus: 'input', sendingVerification: false });
    expect(polls()).toHaveLength(0);
  });

  test('requires_validation false: changed at once, nothing polls', async () => {
    const { store, polls } = onEmailStep({ [EMAIL_CHANGE]: { body: { requires_validation: false } } });
    store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    expect(store.getState().goGreen.verificationStatus).toBe('changed');
    await advance(3 * POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(0);
  });
});

describe('needsVerification', () => {
  test('entering step 2 with status input sends the verification email to the address on file at once', async () => {
    const { store, api } = setup({
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: { body: { validated: false } },
    });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    store.dispatch(actions.emailChoiceChanged({ choice: 'yes', emailValidated: false }));
    store.dispatch(actions.nextPressed());
    await advance(0);
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'uma@example.com' }]);
    expect(store.getState().goGreen.verificationStatus).toBe('waiting');
    store.dispatch(actions.verificationCancelled());
    expect(store.getState().goGreen.step).toBe('confirmEmail');
  });
});

describe('a corrected address, coming back (issue 47 item 8)', () => {
  /** One visit of the page: a fresh store over the browser session's storage, the widget mounted. */
  async function visit(sessionStore: ReturnType<typeof memoryStorage>, handlers: Record<string, MockHandler | MockResponse>) {
    const api = mockApi({ [STATUS]: { body: onFile }, ...handlers });
    const store = makeStore({ dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation: recordingNavigation().navigation, sessionStore } });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    return { store, api };
  }
  /** The first visit: 'No', step 2, the corrected address sent; then the borrower leaves (unmount). */
  async function sendToCorrected(sessionStore: ReturnType<typeof memoryStorage>, lifetime = 86_400) {
    const first = await visit(sessionStore, {
      [CHECK_EMAIL]: { body: { valid: true } },
      [EMAIL_CHANGE]: { body: { requires_validation: true, link_expires_in_seconds: lifetime } },
      [IS_VALIDATED]: { body: { validated: false } },
    });
    first.store.dispatch(actions.emailChoiceChanged({ choice: 'no', emailValidated: false }));
    first.store.dispatch(actions.nextPressed());
    first.store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    expect(first.store.getState().goGreen.verificationStatus).toBe('waiting');
    first.store.dispatch(actions.widgetUnmounted());
    await advance(0);
    return first;
  }

  test('the next visit opens step 2 waiting for that link and polls it, with no second email', async () => {
    const session = memoryStorage();
    await sendToCorrected(session);
    const { store, api } = await visit(session, { [IS_VALIDATED]: { body: { validated: false } } });
    const state = store.getState().goGreen;
    expect(state).toMatchObject({ step: 'email', intention: 'withCorrectedDetails', verificationStatus: 'waiting', verificationEmail: 'new@example.com' });
    expect(state.values.email).toBe('new@example.com');
    expect(state.linkExpiresInSeconds).toBeLessThanOrEqual(86_400);
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(0);
    await advance(POLL_INTERVAL_MS);
    expect(api.sent(IS_VALIDATED).map((request) => request.url.searchParams.get('email_address'))).toEqual(['new@example.com']);
  });

  test('a link opened meanwhile: the first poll says so and the wizard goes on to the disclosures', async () => {
    const session = memoryStorage();
    await sendToCorrected(session);
    const { store } = await visit(session, { [IS_VALIDATED]: { body: { validated: true } } });
    await advance(POLL_INTERVAL_MS);
    expect(store.getState().goGreen.verificationStatus).toBe('changed');
    const again = await visit(session, {});
    expect(again.store.getState().goGreen.step).toBe('confirmEmail');
  });

  test('nothing is resumed after Cancel, after the link has expired, or once opted in', async () => {
    const cancelled = memoryStorage();
    const first = await visit(cancelled, {
      [CHECK_EMAIL]: { body: { valid: true } },
      [EMAIL_CHANGE]: { body: { requires_validation: true, link_expires_in_seconds: 60 } },
      [IS_VALIDATED]: { body: { validated: false } },
    });
    first.store.dispatch(actions.emailChoiceChanged({ choice: 'no', emailValidated: false }));
    first.store.dispatch(actions.nextPressed());
    first.store.dispatch(actions.verificationEmailRequested({ emailAddress: 'new@example.com' }));
    await advance(0);
    first.store.dispatch(actions.verificationCancelled());
    await advance(0);
    expect((await visit(cancelled, {})).store.getState().goGreen.step).toBe('confirmEmail');

    const expired = memoryStorage();
    await sendToCorrected(expired, 60);
    await advance(61_000);
    expect((await visit(expired, {})).store.getState().goGreen.step).toBe('confirmEmail');

    const optedIn = memoryStorage();
    await sendToCorrected(optedIn);
    const later = await visit(optedIn, { [STATUS]: { body: { ...onFile, electdocs: true } } });
    expect(later.store.getState().goGreen.step).toBe('confirmEmail');
    expect(later.api.sent(IS_VALIDATED)).toHaveLength(0);
  });

  test('the address on file is never written to the session, and nothing goes to localStorage', async () => {
    const session = memoryStorage();
    await sendToCorrected(session);
    expect(session.getItem(CORRECTED_LINK_KEY)).toContain('"emailAddress":"new@example.com"');
    expect(session.getItem(LINK_SENT_KEY)).toBeNull();
    expect(JSON.stringify(session.getItem(CORRECTED_LINK_KEY))).not.toContain(onFile.email_address);
    expect(window.localStorage.length).toBe(0);
  });
});

describe('the server check of the typed address', () => {
  test('waits 500 ms without typing and checks only the last value', async () => {
    expect(EMAIL_CHECK_DELAY_MS).toBe(500);
    const { store, api } = onEmailStep({ [CHECK_EMAIL]: { body: { valid: true } } });
    const checked = () => api.sent(CHECK_EMAIL).map((request) => request.url.searchParams.get('email_address'));
    store.dispatch(typed('first@example.com'));
    await advance(400);
    store.dispatch(typed('second@example.com'));
    await advance(EMAIL_CHECK_DELAY_MS - 1);
    expect(checked()).toEqual([]);
    expect(selectEmailCheck(store.getState())).toBe('pending');
    await advance(1);
    expect(checked()).toEqual(['second@example.com']);
    expect(selectEmailCheck(store.getState())).toBe('valid');
  });

  test('a slow answer for an earlier value is dropped', async () => {
    const { store } = onEmailStep({
      [CHECK_EMAIL]: async (request) => {
        const slow = request.url.searchParams.get('email_address') === 'first@example.com';
        await new Promise((resolve) => setTimeout(resolve, slow ? 2000 : 10));
        return slow ? { body: { valid: true } } : { status: 400, body: { errors: ['in use'] } };
      },
    });
    store.dispatch(typed('first@example.com'));
    await advance(EMAIL_CHECK_DELAY_MS + 100);
    store.dispatch(typed('second@example.com'));
    await advance(5000);
    expect(selectEmailCheck(store.getState())).toBe('invalid');
  });

  test.each([
    [{ status: 400, body: { errors: ['This email address is already in use by another account.'] } }, 'This email address is already in use by another account.'],
    // the rule's message is an id (translated where shown); the server's reason is its own text
    [{ status: 400, body: {} }, MESSAGES.goGreenEmailInvalid],
    [{ status: 500, body: { errors: ['boom'] } }, MESSAGES.goGreenEmailInvalid],
  ])('any failure marks the address invalid under the key email, with the reason a 400 gives (%j)', async (answer, shown) => {
    const { store } = onEmailStep({ [CHECK_EMAIL]: answer });
    store.dispatch(typed('taken@example.com'));
    await advance(EMAIL_CHECK_DELAY_MS);
    expect(selectEmailErrors(store.getState())).toEqual({ email: shown });
    store.dispatch(typed('taken@example.co'));
    expect(selectEmailErrors(store.getState())).toEqual({});
  });

  test('a malformed address is not sent to the server', async () => {
    const { store, api } = onEmailStep();
    store.dispatch(typed('nope'));
    await advance(5000);
    expect(api.sent(CHECK_EMAIL)).toHaveLength(0);
  });

  test('Back during the check, then Next: the address is checked again and Send is enabled by the answer', async () => {
    const { store, api } = onEmailStep({ [CHECK_EMAIL]: { body: { valid: true } } });
    store.dispatch(typed('new@example.com'));
    await advance(100);
    store.dispatch(actions.backPressed());
    await advance(5000);
    expect(api.sent(CHECK_EMAIL)).toHaveLength(0);
    store.dispatch(actions.nextPressed());
    expect(store.getState().goGreen.step).toBe('email');
    expect(selectCanSendVerification(store.getState())).toBe(false);
    await advance(EMAIL_CHECK_DELAY_MS);
    expect(api.sent(CHECK_EMAIL).map((request) => request.url.searchParams.get('email_address'))).toEqual([
      'new@example.com',
    ]);
    expect(selectEmailCheck(store.getState())).toBe('valid');
    expect(selectCanSendVerification(store.getState())).toBe(true);
  });

  test('unmounting during the wait leaves no timer', async () => {
    const { store, api } = onEmailStep();
    store.dispatch(typed('first@example.com'));
    await advance(100);
    store.dispatch(actions.widgetUnmounted());
    await expectNoTimerLeft();
    await advance(5000);
    expect(api.sent(CHECK_EMAIL)).toHaveLength(0);
  });
});

describe('load, opt-in and opt-out', () => {
  test('the status is loaded once per mount; a failure shows the snackbar', async () => {
    const { store, api } = setup({ [STATUS]: { status: 500, body: {} } });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    expect(api.sent(STATUS)).toHaveLength(1);
    expect(selectGoGreenLoad(store.getState())).toBe('failed');
    expect(selectSnackbarMessages(store.getState()).map((message) => message.text)).toEqual([GO_GREEN_MESSAGES.loadFailed]);
  });

  test('mounted again within the cache time, the widget still asks the server (no stale email_validated)', async () => {
    let validated = false;
    const { store, api } = setup({ [STATUS]: () => ({ body: { ...onFile, email_validated: validated } }) });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    expect(selectGoGreenInfo(store.getState())?.email_validated).toBe(false);
    store.dispatch(actions.widgetUnmounted());
    validated = true;
    await advance(1000);
    store.dispatch(actions.widgetMounted());
    await advance(0);
    expect(api.sent(STATUS)).toHaveLength(2);
    expect(selectGoGreenInfo(store.getState())?.email_validated).toBe(true);
  });

  test('the status stays in the API cache while the widget is mounted, and is released when it unmounts', async () => {
    const { store } = await mountedWithStatus();
    await advance(5 * 60_000);
    expect(selectGoGreenInfo(store.getState())).toEqual(onFile);
    expect(store.getState().goGreen).not.toHaveProperty('info');
    store.dispatch(actions.widgetUnmounted());
    await advance(61_000);
    expect(selectGoGreenInfo(store.getState())).toBeNull();
  });

  test('a page that came with the status shows it at once, asks nothing, and keeps it in the cache until unmounted', async () => {
    const { store, api } = setup();
    const fromPage = { ...onFile, email_address: 'from.the.page@example.com' };
    statusInCache(store, fromPage);
    expect(selectGoGreenLoad(store.getState())).toBe('loaded');
    store.dispatch(actions.widgetMounted());
    expect(selectGoGreenLoad(store.getState())).toBe('loaded');
    await advance(0);
    expect(api.sent(STATUS)).toEqual([]);
    // RTK Query's own entry, kept while mounted
    expect(goGreenApi.endpoints.getGoGreenStatus.select()(store.getState())).toMatchObject({ status: 'fulfilled', data: fromPage });
    await advance(5 * 60_000);
    expect(selectGoGreenInfo(store.getState())).toEqual(fromPage);
    store.dispatch(actions.widgetUnmounted());
    await advance(61_000);
    expect(selectGoGreenInfo(store.getState())).toBeNull();
    // mounted again: asked afresh, with the spinner meanwhile
    store.dispatch(actions.widgetMounted());
    expect(selectGoGreenLoad(store.getState())).toBe('loading');
    await advance(0);
    expect(api.sent(STATUS)).toHaveLength(1);
    expect(selectGoGreenInfo(store.getState())).toEqual(onFile);
  });

  test('the page’s status is still refreshed when its tag is invalidated (an address changed elsewhere on the page)', async () => {
    const { store, api } = setup();
    statusInCache(store, { ...onFile, email_address: 'old@example.com' });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    store.dispatch(baseApi.util.invalidateTags(['GoGreenStatus']));
    await advance(0);
    expect(api.sent(STATUS)).toHaveLength(1);
    expect(selectGoGreenInfo(store.getState())).toEqual(onFile);
  });

  test('"Try again" after a failed load asks again and shows the answer', async () => {
    let fail = true;
    const { store, api } = setup({ [STATUS]: () => (fail ? { status: 500, body: {} } : { body: onFile }) });
    store.dispatch(actions.widgetMounted());
    await advance(0);
    expect(selectGoGreenLoad(store.getState())).toBe('failed');
    fail = false;
    store.dispatch(actions.widgetMounted());
    await advance(0);
    expect(api.sent(STATUS)).toHaveLength(2);
    expect(selectGoGreenLoad(store.getState())).toBe('loaded');
    expect(selectGoGreenInfo(store.getState())?.email_address).toBe('uma@example.com');
  });

  test('opt-in sends the client description (time zone, browser and OS) with the address', async () => {
    const chromeOnLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.7390.54 Safari/537.36';
    Object.defineProperty(window.navigator, 'userAgent', { value: chromeOnLinux, configurable: true });
    try {
      const { store, api } = await mountedWithStatus({ [OPT_IN]: { body: { electdocs: true } } });
      store.dispatch(actions.optInRequested());
      await advance(0);
      expect(api.sent(OPT_IN).map((request) => request.body)).toEqual([
        {
          time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          browser: 'Chrome 156.0',
          os: 'Linux',
          email: 'uma@example.com',
        },
      ]);
      expect(store.getState().goGreen).toMatchObject({ optIn: 'succeeded', done: true });
    } finally {
      delete (window.navigator as { userAgent?: string }).userAgent;
    }
  });

  test('a failed download of the client-description code ends like a failed opt-in; trying again sends it', async () => {
    const chunkLoadError = Object.assign(new Error('Loading chunk 5 failed.'), { name: 'ChunkLoadError' });
    jest.mocked(loadClientDescription).mockRejectedValueOnce(chunkLoadError);
    const { store, api, reported } = await mountedWithStatus({ [OPT_IN]: { body: { electdocs: true } } });
    store.dispatch(actions.optInRequested());
    await advance(0);
    expect(api.sent(OPT_IN)).toHaveLength(0);
    expect(store.getState().goGreen.optIn).toBe('failed');
    expect(selectSnackbarMessages(store.getState()).map((message) => message.text)).toEqual([GO_GREEN_MESSAGES.problem]);
    expect(reported).toEqual([{ kind: 'report', what: chunkLoadError, context: { flow: 'goGreenOptIn' } }]);

    store.dispatch(actions.optInRequested());
    await advance(0);
    expect(api.sent(OPT_IN)).toHaveLength(1);
    expect(store.getState().goGreen).toMatchObject({ optIn: 'succeeded', done: true });
  });

  test('opt-out success: a full page load of /loanmanager/go-green/', async () => {
    const { store, visited } = setup({ 'POST go-green/opt_out/': { body: { electdocs: false } } });
    store.dispatch(actions.optOutRequested());
    await advance(0);
    expect(visited).toEqual([{ url: '/loanmanager/go-green/', fullReload: true }]);
  });
});

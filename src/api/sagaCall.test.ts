/**
 * `callQueryAndKeep` and the one rule for "the page came with this answer" (`holdsAnswer`): RTK
 * Query's own entry, read through the endpoint's `select`. Real store, real sagas, mocked network.
 */
import { runSaga, stdChannel, type Task } from 'redux-saga';
import type { Middleware } from '@reduxjs/toolkit';
import { makeStore } from '../app/fullStore';
import { defaultConfig } from '../platform/config';
import { mockApi } from '../testing/mockApi';
import { recordingNavigation, recordingReporter } from '../testing/renderWithProviders';
import type { GoGreenInfo } from './schemas';
import { goGreenApi } from './goGreenApi';
import { holdsAnswer } from './heldAnswer';
import { callQueryAndKeep } from './sagaCall';

const STATUS = 'GET go-green/status/';
const onFile: GoGreenInfo = { email_address: 'uma@example.com', email_validated: true, electdocs: false, disclosures: '<p>Terms</p>' };
const fromPage: GoGreenInfo = { ...onFile, email_address: 'from.the.page@example.com' };
const endpoint = goGreenApi.endpoints.getGoGreenStatus;

/** A store whose actions also reach the sagas run here (`read`), each kept until its own release action. */
function setup() {
  const api = mockApi({ [STATUS]: { body: onFile } });
  const channel = stdChannel();
  const feed: Middleware = () => (next) => (action) => {
    const result = next(action);
    channel.put(action as never);
    return result;
  };
  const store = makeStore({
    middleware: [feed],
    dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation: recordingNavigation().navigation },
  });
  const answers: GoGreenInfo[] = [];
  /** A screen opens: its read of the status, held until `until`. */
  const read = (until: string): Task =>
    runSaga({ channel, dispatch: store.dispatch, getState: store.getState }, function* () {
      answers.push(yield* callQueryAndKeep(endpoint, undefined, { until, tags: ['GoGreenStatus'] }));
    });
  const entry = () => endpoint.select()(store.getState());
  return { store, api, read, answers, entry };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('the rule: the store holds an answer when RTK Query’s entry has data, whatever else it says', () => {
  expect(holdsAnswer({})).toBe(false);
  expect(holdsAnswer({ data: undefined })).toBe(false);
  expect(holdsAnswer({ data: onFile })).toBe(true);
});

test('an answer the page came with is taken as it is: nothing is sent', async () => {
  const { store, api, read, answers, entry } = setup();
  store.dispatch(goGreenApi.util.upsertQueryEntries([{ endpointName: 'getGoGreenStatus', arg: undefined, value: fromPage }]));
  read('screen/closed');
  await settle();
  expect(api.sent(STATUS)).toHaveLength(0);
  expect(answers).toEqual([fromPage]);
  expect(entry().data).toEqual(fromPage);
});

test('with no answer in the store the read asks; the answer stays while the screen is open and goes when it closes', async () => {
  const { store, api, read, answers, entry } = setup();
  const task = read('screen/closed');
  await settle();
  expect(api.sent(STATUS)).toHaveLength(1);
  expect(answers).toEqual([onFile]);
  expect(task.isRunning()).toBe(true);
  store.dispatch({ type: 'screen/closed' });
  await settle();
  expect(task.isRunning()).toBe(false);
  expect(entry().isUninitialized).toBe(true);
  // opened again: asked afresh
  read('screen/closed');
  await settle();
  expect(api.sent(STATUS)).toHaveLength(2);
});

test('the page’s answer is let go with its screen too: the screen opened again asks', async () => {
  const { store, api, read } = setup();
  store.dispatch(goGreenApi.util.upsertQueryEntries([{ endpointName: 'getGoGreenStatus', arg: undefined, value: fromPage }]));
  read('screen/closed');
  await settle();
  store.dispatch({ type: 'screen/closed' });
  read('screen/closed');
  await settle();
  expect(api.sent(STATUS)).toHaveLength(1);
});

test('one screen closing keeps the answer of another still open (refreshed for it)', async () => {
  const { store, api, read, entry } = setup();
  read('first/closed');
  read('second/closed');
  await settle();
  expect(api.sent(STATUS)).toHaveLength(1);
  store.dispatch({ type: 'first/closed' });
  await settle();
  expect(entry().data).toEqual(onFile);
  store.dispatch({ type: 'second/closed' });
  await settle();
  expect(entry().isUninitialized).toBe(true);
});

/**
 * Time travel: a registration session is recorded in a live store (sagas on), then the store is
 * moved back N steps — by building the replay store from the recording's first N actions, and
 * by jumping the live store itself as Redux DevTools does — and the form must show exactly what
 * had been typed at step N, without anything being dispatched again.
 */
import { act, screen } from '@testing-library/react';
import RegistrationWidget from '../../features/registration/RegistrationWidget';
import { renderWithProviders, recordingNavigation, recordingReporter } from '../../testing/renderWithProviders';
import { defaultConfig } from '../../platform/config';
import { REDACTED } from '../../platform/redaction';
import { rootReducer, type RootState } from '../rootReducer';
import { makeStore } from '../fullStore';
import { createActionRecorder } from './actionRecorder';
import type { Recording } from './recordingFormat';
import { replayRecording } from './replay';
import { allowStateReplacement, makeReplayStore, showReplayState } from './replayStore';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function recordRegistrationSession() {
  const recorder = createActionRecorder({ reducer: rootReducer });
  const { reporter } = recordingReporter();
  const { navigation } = recordingNavigation();
  const store = makeStore({
    reducerSideMiddleware: [recorder.middleware],
    dependencies: { config: defaultConfig(), reporter, navigation },
  });
  recorder.start();
  const view = renderWithProviders(<RegistrationWidget />, { store });
  await view.user.type(field('First Name'), 'Ada');
  await view.user.type(field('Last Name'), 'Lovelace');
  await view.user.type(field('Password'), 'Engine#1843');
  await view.user.click(screen.getByRole('button', { name: /Register$/ }));
  return { recorder, store, view, recording: recorder.toRecording() };
}

/** The number of actions after which `firstname` read `value`, and the last such step. */
function stepWhere(recording: Recording, predicate: (state: RootState) => boolean): number {
  const { states } = replayRecording(recording, { reducer: rootReducer, keepStates: true });
  const step = states.findIndex(predicate);
  if (step < 0) throw new Error('no such step in the recording');
  return step;
}

test('the replay store built from the first N actions shows what was typed at step N, and follows every jump', async () => {
  const { recording, view } = await recordRegistrationSession();
  expect(recording.actions.some((entry) => entry.action.type === 'registration/validationFailed')).toBe(true);
  view.unmount();

  const { states } = replayRecording(recording, { reducer: rootReducer, keepStates: true });
  const afterAd = stepWhere(recording, (state) => state.registration.values.firstname === 'Ad');
  const replayStore = makeReplayStore(states[afterAd] as RootState, defaultConfig());
  renderWithProviders(<RegistrationWidget />, { store: replayStore });
  expect(field('First Name')).toHaveValue('Ad');
  expect(field('Last Name')).toHaveValue('');

  const afterLove = stepWhere(recording, (state) => state.registration.values.lastname === 'Love');
  act(() => showReplayState(replayStore, states[afterLove] as RootState));
  expect(await screen.findByDisplayValue('Love')).toBe(field('Last Name'));
  expect(field('First Name')).toHaveValue('Ada');

  // the password never left memory: the replay shows the mask, not what was typed
  act(() => showReplayState(replayStore, states[states.length - 1] as RootState));
  expect(await screen.findByDisplayValue(REDACTED)).toBe(field('Password'));
  expect(document.body.textContent).not.toContain('Engine#1843');
});

test('jumping the live store back N steps re-renders the form exactly and fires nothing again (no saga, no effect)', async () => {
  const { recorder, store, recording } = await recordRegistrationSession();
  const { states } = replayRecording(recording, { reducer: rootReducer, keepStates: true });
  const back = 5;
  const target = states.length - 1 - back;
  const before = recorder.size();

  allowStateReplacement(store);
  act(() => showReplayState(store, states[target] as RootState));

  const expected = (states[target] as RootState).registration.values;
  expect(await screen.findByDisplayValue(expected.password)).toBe(field('Password'));
  expect(field('First Name')).toHaveValue(expected.firstname);
  expect(field('Last Name')).toHaveValue(expected.lastname);
  // the jump itself is the only action: no component effect or saga reacted to the old state
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(recorder.toRecording().actions.slice(before).map((entry) => entry.action.type)).toEqual(['qa/replayStateShown']);
});

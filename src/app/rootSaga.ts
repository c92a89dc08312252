import { spawn } from 'redux-saga/effects';
import { ALL_FEATURES } from './features';
import type { FeatureSaga } from './feature';
import { supervise } from './sagaSupervisor';

/** Every feature's watcher, each once (request and reset password share one). */
export const featureSagas: readonly FeatureSaga[] = [...new Set(ALL_FEATURES.flatMap((feature) => feature.sagas))];

/** Each feature's watcher is spawned: a crash in one is reported and does not stop the others. */
export function* rootSaga(sagas: ReadonlyArray<FeatureSaga> = featureSagas) {
  for (const saga of sagas) yield spawn(supervise, saga);
}

import { call, getContext } from 'redux-saga/effects';
import { DEPENDENCIES_CONTEXT, type PortalDependencies } from '../platform/dependencies';
import type { FeatureSaga } from '../state/feature';

/** Runs a feature's watcher; a crash is reported and stops only that feature. */
export function* supervise(saga: FeatureSaga) {
  try {
    yield call(saga);
  } catch (error) {
    const dependencies = (yield getContext(DEPENDENCIES_CONTEXT)) as PortalDependencies;
    dependencies.reporter.report(error, { saga: saga.name });
  }
}

/**
 * The store the browser replay page renders widgets from. It shows replayed states and nothing
 * else: no sagas run, whatever the rendered widgets dispatch is dropped before it reaches a
 * reducer (so the picture stays exactly the replayed state), and its API base is an address
 * no request can reach (a `blob:` URL that was never created), so even a query hook that
 * starts a request fails inside the browser and nothing is sent to the server.
 */
import { createAction, isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/baseApi';
import type { PortalConfig } from '../../platform/config';
import type { PortalDependencies } from '../../platform/dependencies';
import { memoryStorage } from '../../platform/memoryStorage';
import { rootReducer, type RootState } from '../rootReducer';
import { makeStore } from '../fullStore';

const OFFLINE_API_BASE = 'blob:loanmanager-replay-offline/';

/** Replaces the whole state: how the replay page (and a time-travel test) jumps to a step. */
const replayStateShown = createAction<RootState>('qa/replayStateShown');

/** Lets through only the replay's own jumps and RTK Query's hook handshake (a probe, not a change). */
const replayGate: Middleware = () => (next) => (action) => {
  if (!isAction(action)) return next(action);
  if (replayStateShown.match(action) || api.internalActions.internal_getRTKQSubscriptions.match(action)) {
    return next(action);
  }
  return action;
};

function showableReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return replayStateShown.match(action) ? action.payload : rootReducer(state, action);
}

/** Dependencies that cannot reach the outside world. */
function replayDependencies(config: PortalConfig): PortalDependencies {
  return {
    config: {
      ...config,
      apiBase: OFFLINE_API_BASE,
      authToken: null,
      errorReporting: { dsn: null, sampleRate: 0 },
      recordActions: false,
    },
    navigation: { navigate: () => undefined, attachRouter: () => undefined, currentUrl: () => window.location.href },
    captcha: { getCaptchaToken: () => Promise.reject(new Error('no captcha while replaying')) },
    reporter: { report: () => undefined, log: () => undefined },
    sessionStore: memoryStorage(),
  };
}

export function makeReplayStore(state: RootState, config: PortalConfig) {
  const store = makeStore({
    preloadedState: state,
    runSagas: false,
    dependencies: replayDependencies(config),
    middleware: [replayGate],
  });
  allowStateReplacement(store);
  return store;
}

/** Lets `replayStateShown` jump the store to any state, as Redux DevTools time travel does. */
export function allowStateReplacement(store: Pick<ReturnType<typeof makeStore>, 'replaceReducer'>) {
  store.replaceReducer(showableReducer);
}

export type ReplayStore = ReturnType<typeof makeReplayStore>;

export function showReplayState(store: Pick<ReplayStore, 'dispatch'>, state: RootState) {
  store.dispatch(replayStateShown(state));
}

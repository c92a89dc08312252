import type { StoreEnhancer, UnknownAction } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { goGreenActions } from '../features/goGreen/goGreenSlice';
import { widgetMounted as popupsWidgetMounted } from '../features/popups/popupsSlice';
import { profileActions } from '../features/profile/profileSlice';
import { mockApi } from '../testing/mockApi';
import { messageShown } from '../state/snackbarSlice';
import { recordingNavigation, recordingReporter } from '../testing/renderWithProviders';
import { defaultConfig } from '../platform/config';
import { devToolsOptions } from '../platform/devtools';
import { REDACTED } from '../platform/redaction';
import { makeStore } from './fullStore';

function quietStore() {
  const { reporter, reported } = recordingReporter();
  const store = makeStore({
    dependencies: { reporter, navigation: recordingNavigation().navigation },
  });
  return { store, reported };
}

describe('makeStore', () => {
  it('makes a fresh store each time, with every slice and the api reducer', () => {
    const first = quietStore().store;
    const second = quietStore().store;
    first.dispatch(messageShown('hello'));
    expect(first.getState().snackbar.messages).toHaveLength(1);
    expect(second.getState().snackbar.messages).toHaveLength(0);
    expect(first.getState()).toHaveProperty('api');
  });

  it('takes a preloaded state', () => {
    const store = makeStore({
      preloadedState: { snackbar: { messages: [{ id: 'm1', text: 'preloaded', kind: 'info' }] } },
      dependencies: { reporter: recordingReporter().reporter },
    });
    expect(store.getState().snackbar.messages[0]?.text).toBe('preloaded');
  });

  it('exposes its dependencies (config, navigation, captcha, reporter, ...)', () => {
    const config = defaultConfig({ coacct: '7' });
    const store = makeStore({ dependencies: { config, reporter: recordingReporter().reporter } });
    expect(store.dependencies.config).toBe(config);
    expect(Object.keys(store.dependencies).sort()).toEqual(
      ['captcha', 'config', 'navigation', 'reporter', 'sessionStore'].sort(),
    );
  });

  it('runs extra middleware given to it', () => {
    const seen: string[] = [];
    const store = makeStore({
      dependencies: { reporter: recordingReporter().reporter },
      middleware: [() => (next) => (action) => {
        seen.push((action as { type: string }).type);
        return next(action);
      }],
    });
    store.dispatch(messageShown('x'));
    expect(seen).toContain('snackbar/messageShown');
  });

  it('keeps the serializability check on: a non-serializable action is reported', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { store } = quietStore();
      store.dispatch({ type: 'test/dateSent', payload: new Date(0) });
      const messages = consoleError.mock.calls.map((call: unknown[]) => String(call[0]));
      expect(messages).toEqual([expect.stringContaining('A non-serializable value was detected in an action')]);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('a serializable action passes without a warning', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      quietStore().store.dispatch(messageShown('fine'));
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('Redux DevTools', () => {
  it('is on outside production builds, with trace and both sanitizers redacting', () => {
    const options = devToolsOptions({ devtools: false });
    expect(options).not.toBe(false);
    if (options === false) return;
    expect(options.trace).toBe(true);
    const action = { type: 'registration/fieldChanged', payload: { password: 'Secret#123' } };
    expect(options.actionSanitizer?.(action, 0)).toEqual({
      type: 'registration/fieldChanged',
      payload: { password: REDACTED },
    });
    const state = { registration: { values: { ssn: '123456789', firstname: 'Ada' } } };
    expect(options.stateSanitizer?.(state, 0)).toEqual({
      registration: { values: { ssn: REDACTED, firstname: 'Ada' } },
    });
  });

  describe('in a production build', () => {
    const original = process.env.NODE_ENV;
    afterEach(() => {
      process.env.NODE_ENV = original;
    });

    it('is off unless the config says devtools: true', () => {
      process.env.NODE_ENV = 'production';
      expect(devToolsOptions({ devtools: false })).toBe(false);
      expect(devToolsOptions({ devtools: true })).toMatchObject({ trace: true });
    });
  });

  it('makeStore hands the redacting sanitizers to the DevTools extension', () => {
    type Options = ReturnType<typeof devToolsOptions>;
    const received: Options[] = [];
    const devtoolsWindow = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
    devtoolsWindow.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: Options) => {
      received.push(options);
      return (...enhancers: StoreEnhancer[]) =>
        enhancers.reduceRight<StoreEnhancer>(
          (composed, enhancer) => ((next) => enhancer(composed(next) as never)) as StoreEnhancer,
          ((next: unknown) => next) as StoreEnhancer,
        );
    };
    try {
      jest.isolateModules(() => {
        // RTK reads the extension hook when it loads, so the store is loaded afresh here.
        const { makeStore: freshMakeStore } = jest.requireActual<typeof import('./fullStore')>('./fullStore');
        freshMakeStore({ dependencies: { reporter: recordingReporter().reporter } });
      });
    } finally {
      delete devtoolsWindow.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
    }
    expect(received).toHaveLength(1);
    const options = received[0];
    if (!options) throw new Error('no options');
    expect(options.trace).toBe(true);
    expect(options.actionSanitizer?.({ type: 'x/y', payload: { nonce: 'n' } }, 0)).toEqual({
      type: 'x/y',
      payload: { nonce: REDACTED },
    });
    expect(options.stateSanitizer?.({ form: { dob: '1980-01-01' } }, 0)).toEqual({ form: { dob: REDACTED } });
  });
});

describe('the full store\'s sagas', () => {
  /** One event per feature whose saga answers it with a call (the saga is the only thing that calls). */
  const triggers: Array<[string, UnknownAction, string]> = [
    ['goGreen', goGreenActions.widgetMounted(), 'GET go-green/status/'],
    ['profile', profileActions.formOpened(), 'GET go-green/status/'],
    ['popups', popupsWidgetMounted(), 'POST user/popup/'],
  ];

  function storeWithNetwork(runSagas?: boolean) {
    const network = mockApi({ 'GET go-green/status/': { status: 500, body: {} }, 'POST user/popup/': { body: [] } });
    const { reporter, reported } = recordingReporter();
    const store = makeStore({
      runSagas,
      dependencies: {
        config: defaultConfig({ coacct: '7' }),
        reporter,
        navigation: recordingNavigation().navigation,
      },
    });
    return { store, network, reported };
  }

  it.each(triggers)('starts every feature saga by default: %s answers its event with a call', async (_feature, event, call) => {
    const { store, network, reported } = storeWithNetwork();
    store.dispatch(event);
    await waitFor(() => expect(network.requests.map((request) => `${request.method} ${request.path}`)).toContain(call));
    // no saga crashed on the way
    expect(reported.filter((entry) => entry.context && ('saga' in entry.context || entry.context.where === 'saga'))).toEqual([]);
  });

  it('runs none with runSagas: false (so the test above can fail)', async () => {
    const { store, network } = storeWithNetwork(false);
    for (const [, event] of triggers) store.dispatch(event);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toEqual([]);
  });
});

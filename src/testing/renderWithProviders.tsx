import type { I18n } from '@lingui/core';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { PortalDependencies } from '../platform/dependencies';
import { defaultConfig } from '../platform/config';
import { makeStore, type AppStore, type MakeStoreOptions } from '../app/fullStore';
import type { ErrorReporter } from '../platform/errorReporting';
import { WidgetShell } from '../widgets/WidgetShell';

/** A reporter that records instead of printing, so tests can assert what was "only logged". */
export function recordingReporter() {
  const reported: Array<{ kind: 'report' | 'log'; what: unknown; context?: Record<string, unknown> }> = [];
  const reporter: ErrorReporter = {
    report: (error, context) => void reported.push({ kind: 'report', what: error, context }),
    log: (message, context) => void reported.push({ kind: 'log', what: message, context }),
  };
  return { reporter, reported };
}

/** A navigation service that records where the app went. */
export function recordingNavigation() {
  const visited: Array<{ url: string; fullReload: boolean }> = [];
  const navigation: PortalDependencies['navigation'] = {
    navigate: (url, options) => void visited.push({ url, fullReload: options?.fullReload === true }),
    attachRouter: () => undefined,
    currentUrl: () => window.location.href,
  };
  return { navigation, visited };
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: MakeStoreOptions['preloadedState'];
  dependencies?: Partial<PortalDependencies>;
  store?: AppStore;
  /** The widget's language (default: the page's, English). */
  i18n?: I18n;
}

/** Renders UI the way a widget is mounted: a real store (with sagas), antd and the widget shell. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { preloadedState, dependencies, store: givenStore, i18n, ...renderOptions } = options;
  const { reporter, reported } = recordingReporter();
  const { navigation, visited } = recordingNavigation();
  const store =
    givenStore ??
    makeStore({
      preloadedState,
      dependencies: { config: defaultConfig(), reporter, navigation, ...dependencies },
    });
  const user = userEvent.setup();
  const result = render(
    <WidgetShell store={store} widget="test" i18n={i18n}>
      {ui}
    </WidgetShell>,
    renderOptions,
  );
  return { ...result, store, user, reported, visited };
}

import type { ReactElement } from 'react';
import { defaultConfig } from '../platform/config';
import type { PortalDependencies } from '../platform/dependencies';
import { makeStore, type MakeStoreOptions } from '../app/fullStore';
import { actionLog } from './actionLog';
import { recordingNavigation, recordingReporter, renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';

/**
 * renderWithProviders with an action log: a real store (sagas on) whose every action type is
 * recorded, plus the recording reporter and navigation.
 */
export interface RenderWidgetOptions {
  preloadedState?: MakeStoreOptions['preloadedState'];
  dependencies?: Partial<PortalDependencies>;
  i18n?: RenderWithProvidersOptions['i18n'];
}

export function renderWidget(ui: ReactElement, options: RenderWidgetOptions = {}) {
  const log = actionLog();
  const { reporter, reported } = recordingReporter();
  const { navigation, visited } = recordingNavigation();
  const store = makeStore({
    preloadedState: options.preloadedState,
    middleware: [log.middleware],
    dependencies: { config: defaultConfig(), reporter, navigation, ...options.dependencies },
  });
  const rendered = renderWithProviders(ui, { store, i18n: options.i18n });
  return { ...rendered, reported, visited, actions: log };
}

/**
 * The part of the loader that needs React: one store per page, shared by all its widgets,
 * and one React root per widget element.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { PortalConfig } from '../app/config';
import { makeStore, type AppStore } from '../app/store';
import { WidgetShell } from './WidgetShell';

let pageStore: AppStore | null = null;
let snackbarPlaced = false;

export function getPageStore(config: PortalConfig): AppStore {
  pageStore ??= makeStore({ dependencies: { config } });
  return pageStore;
}

export function mountWidget(element: HTMLElement, name: string, Widget: ComponentType, config: PortalConfig) {
  const store = getPageStore(config);
  const withSnackbar = !snackbarPlaced;
  snackbarPlaced = true;
  createRoot(element).render(
    <WidgetShell store={store} widget={name} container={element} withSnackbar={withSnackbar}>
      <Widget />
    </WidgetShell>,
  );
}

export { parseConfig as validateConfig } from '../app/config';

/**
 * The part of the loader that needs React: one store per page, shared by all its widgets,
 * and one React root per widget element.
 */
import { startTransition, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PortalConfig } from '../platform/config';
import { HOST_RESET_CSS, HOST_RESET_ID } from '../platform/hostReset';
import { QA_TOOLBAR_ATTRIBUTE, SNACKBAR_ATTRIBUTE } from '../platform/portalElements';
import { SERVER_RENDERED_ATTRIBUTE } from '../platform/renderProtocol';
import { WIDGET_CATALOG, type CatalogRow } from '../platform/widgetCatalog';
import type { AppStore } from '../app/createAppStore';
import { handOverFirstAnswers } from '../firstView/firstAnswers';
import { makePageStore } from '../firstView/pageStore';
import { shouldRecord } from '../app/recorder/shouldRecord';
import { WidgetShell } from './WidgetShell';

function addHostReset(doc: Document) {
  if (doc.getElementById(HOST_RESET_ID)) return;
  const style = doc.createElement('style');
  style.id = HOST_RESET_ID;
  style.textContent = HOST_RESET_CSS;
  doc.head.appendChild(style);
}

let pageStore: AppStore | Promise<AppStore> | null = null;

/**
 * The page's one store, made by the first widget that mounts: only the API cache and the
 * snackbar, plus the feature of each widget whose chunk has loaded (src/widgets/withPageFeature.ts). A page
 * that records for QA gets the full store with the recorder instead, loaded on demand (a promise).
 */
export function getPageStore(config: PortalConfig): AppStore | Promise<AppStore> {
  if (pageStore) return pageStore;
  const production = process.env.NODE_ENV === 'production';
  if (shouldRecord(config, window.location.search, production)) {
    pageStore = import(/* webpackChunkName: "qa-recorder" */ './recordingStore').then(
      ({ makeRecordingStore, installRecorderControls }) => {
        const { store, recorder } = makeRecordingStore(config);
        pageStore = store;
        reportUnknownLocale(store, config);
        mountPageElement(store, SNACKBAR_ATTRIBUTE, 'snackbar', null, { withSnackbar: true });
        recorder.start();
        mountRecorderToolbar(store, installRecorderControls(recorder));
        return store;
      },
    );
    return pageStore;
  }
  const store = makePageStore({ dependencies: { config } });
  pageStore = store;
  reportUnknownLocale(store, config);
  mountPageElement(store, SNACKBAR_ATTRIBUTE, 'snackbar', null, { withSnackbar: true });
  return store;
}

/** The page is shown in English; the host asked for a language the portal does not speak (once per page). */
function reportUnknownLocale(store: AppStore, config: PortalConfig) {
  if (config.unknownLocale === null) return;
  store.dependencies.reporter.report(new Error('unknown locale in the config block; shown in English'), {
    where: 'config',
    locale: config.unknownLocale,
  });
}

/** An element of the portal's own at the end of the host's body, outside every widget box. */
function mountPageElement(store: AppStore, attribute: string, name: string, content: ReactNode, { withSnackbar = false } = {}) {
  const element = document.createElement('div');
  element.setAttribute(attribute, '');
  document.body.append(element);
  addHostReset(element.ownerDocument);
  const root = createRoot(element);
  startTransition(() =>
    root.render(
      <WidgetShell store={store} widget={name} container={element} withSnackbar={withSnackbar}>
        {content}
      </WidgetShell>,
    ),
  );
}

/** QA recording (docs/qa-recording.md): the recorder starts with the page store, the toolbar once per page. */
function mountRecorderToolbar(store: AppStore, controls: { download(): string }) {
  void import(/* webpackChunkName: "qa-recorder-toolbar" */ './qa/RecorderToolbar').then(({ default: RecorderToolbar }) =>
    mountPageElement(store, QA_TOOLBAR_ATTRIBUTE, 'qa-recorder', <RecorderToolbar onDownload={controls.download} />),
  );
}

/** A widget's catalog row, by the name its element carries (undefined for a name the catalog lacks). */
function catalogRowOf(name: string): CatalogRow | undefined {
  return (WIDGET_CATALOG as Readonly<Record<string, CatalogRow>>)[name];
}

/** Widgets whose page's answers were handed to the store: once per page, even if one is placed twice. */
function flowsMakeFirstView(name: string): boolean {
  return Boolean(catalogRowOf(name)?.page?.flowsOfFirstView?.length);
}

function render(store: AppStore, element: HTMLElement, name: string, Widget: ComponentType): void | Promise<void> {
  addHostReset(element.ownerDocument);
  // the host page's own language may differ: screen readers read the widget in the widget's
  element.lang = store.dependencies.config.locale;
  // A widget whose first view is its flows' answer (verify_email's) starts them at once, beside its
  // hydration: its request goes out as the hydration commits, not after the flows' three tasks.
  if (flowsMakeFirstView(name)) void store.startFlows();
  // the page's flows wait for every widget being mounted: one that shows first (the inactivity
  // warning's empty view) must not start them under another's first view (the popups' dialog)
  const releaseFlowsHold = store.holdFlows();
  // the server's first view (server/pages/firstViewRenderer.ts): kept as drawn, and made live where it stands
  if (element.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    return import(/* webpackChunkName: "hydration" */ './hydrateWidget').then(({ hydrateWidget }) =>
      hydrateWidget(store, element, name, Widget, releaseFlowsHold),
    );
  }
  const draw = () => {
    const root = createRoot(element);
    startTransition(() =>
      root.render(
        <WidgetShell store={store} widget={name} container={element} withSnackbar={false} startsFlows releaseFlowsHold={releaseFlowsHold}>
          <Widget />
        </WidgetShell>,
      ),
    );
  };
  const handedOver = handOverFirstAnswers(store, element.ownerDocument, name, catalogRowOf(name)?.firstAnswers);
  if (handedOver) return handedOver.then(draw);
  draw();
}

/** Mounts a widget into its element (once the page store is ready: at once, unless the page records). */
export function mountWidget(
  element: HTMLElement,
  name: string,
  Widget: ComponentType,
  config: PortalConfig,
): void | Promise<void> {
  const store = getPageStore(config);
  if (store instanceof Promise) return store.then((ready) => render(ready, element, name, Widget));
  return render(store, element, name, Widget);
}

export { parseConfig as validateConfig } from '../platform/config';

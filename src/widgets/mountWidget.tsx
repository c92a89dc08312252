/**
 * The part of the loader that needs React: one store per page, shared by all its widgets,
 * and one React root per widget element.
 */
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { PortalConfig } from '../app/config';
import { createActionRecorder, type ActionRecorder } from '../app/recorder/actionRecorder';
import { installRecorderControls, shouldRecord } from '../app/recorder/recorderControls';
import { rootReducer } from '../app/rootReducer';
import { makeStore, type AppStore } from '../app/store';
import { WIDGET_ATTRIBUTE } from './registry';
import { WidgetShell } from './WidgetShell';

export const HOST_RESET_ID = 'loanmanager-host-reset';
/** The page's one snackbar lives in its own element at the end of the body, outside every widget box. */
export const SNACKBAR_ATTRIBUTE = 'data-loanmanager-snackbar';
export const QA_TOOLBAR_ATTRIBUTE = 'data-loanmanager-qa-toolbar';
const PORTAL_ELEMENTS = [WIDGET_ATTRIBUTE, SNACKBAR_ATTRIBUTE, QA_TOOLBAR_ATTRIBUTE].map((attribute) => `[${attribute}]`);

/**
 * A host's universal selector (`* { font-family: serif }`) would hit every element inside a
 * widget that antd does not style itself (labels, button text). Inside widgets, elements inherit
 * the font from antd's component roots instead. One attribute selector: antd's own rules
 * (class + hash) stay more specific.
 */
export const HOST_RESET_CSS = `${PORTAL_ELEMENTS.flatMap((element) => [`${element} *`, `${element} *::before`, `${element} *::after`]).join(', ')} { font-family: inherit; }`;

function addHostReset(doc: Document) {
  if (doc.getElementById(HOST_RESET_ID)) return;
  const style = doc.createElement('style');
  style.id = HOST_RESET_ID;
  style.textContent = HOST_RESET_CSS;
  doc.head.appendChild(style);
}

let pageStore: AppStore | null = null;

export function getPageStore(config: PortalConfig): AppStore {
  if (pageStore) return pageStore;
  const production = process.env.NODE_ENV === 'production';
  const recorder = shouldRecord(config, window.location.search, production) ? createActionRecorder({ reducer: rootReducer }) : null;
  pageStore = makeStore({ dependencies: { config }, reducerSideMiddleware: recorder ? [recorder.middleware] : [] });
  mountPageElement(pageStore, SNACKBAR_ATTRIBUTE, 'snackbar', null, { withSnackbar: true });
  if (recorder) startRecording(pageStore, recorder);
  return pageStore;
}

/** An element of the portal's own at the end of the host's body, outside every widget box. */
function mountPageElement(store: AppStore, attribute: string, name: string, content: ReactNode, { withSnackbar = false } = {}) {
  const element = document.createElement('div');
  element.setAttribute(attribute, '');
  document.body.append(element);
  addHostReset(element.ownerDocument);
  createRoot(element).render(
    <WidgetShell store={store} widget={name} container={element} withSnackbar={withSnackbar}>
      {content}
    </WidgetShell>,
  );
}

/** QA recording (docs/qa-recording.md): the recorder starts with the page store, the toolbar once per page. */
function startRecording(store: AppStore, recorder: ActionRecorder) {
  recorder.start();
  const controls = installRecorderControls(recorder);
  void import(/* webpackChunkName: "qa-recorder-toolbar" */ '../pages/qa/RecorderToolbar').then(({ default: RecorderToolbar }) =>
    mountPageElement(store, QA_TOOLBAR_ATTRIBUTE, 'qa-recorder', <RecorderToolbar onDownload={controls.download} />),
  );
}

export function mountWidget(element: HTMLElement, name: string, Widget: ComponentType, config: PortalConfig) {
  const store = getPageStore(config);
  addHostReset(element.ownerDocument);
  createRoot(element).render(
    <WidgetShell store={store} widget={name} container={element} withSnackbar={false}>
      <Widget />
    </WidgetShell>,
  );
}

export { parseConfig as validateConfig } from '../app/config';

/**
 * The part of the loader that needs React: one store per page, shared by all its widgets,
 * and one React root per widget element.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { PortalConfig } from '../app/config';
import { createActionRecorder, type ActionRecorder } from '../app/recorder/actionRecorder';
import { installRecorderControls, shouldRecord } from '../app/recorder/recorderControls';
import { rootReducer } from '../app/rootReducer';
import { makeStore, type AppStore } from '../app/store';
import { WIDGET_ATTRIBUTE } from './registry';
import { WidgetShell } from './WidgetShell';

export const HOST_RESET_ID = 'loanmanager-host-reset';

/**
 * A host's universal selector (`* { font-family: serif }`) would hit every element inside a
 * widget that antd does not style itself (labels, button text). Inside widgets, elements inherit
 * the font from antd's component roots instead. One attribute selector: antd's own rules
 * (class + hash) stay more specific.
 */
export const HOST_RESET_CSS = `[${WIDGET_ATTRIBUTE}] *, [${WIDGET_ATTRIBUTE}] *::before, [${WIDGET_ATTRIBUTE}] *::after { font-family: inherit; }`;

function addHostReset(doc: Document) {
  if (doc.getElementById(HOST_RESET_ID)) return;
  const style = doc.createElement('style');
  style.id = HOST_RESET_ID;
  style.textContent = HOST_RESET_CSS;
  doc.head.appendChild(style);
}

let pageStore: AppStore | null = null;
let snackbarPlaced = false;

export function getPageStore(config: PortalConfig): AppStore {
  if (pageStore) return pageStore;
  const production = process.env.NODE_ENV === 'production';
  const recorder = shouldRecord(config, window.location.search, production) ? createActionRecorder({ reducer: rootReducer }) : null;
  pageStore = makeStore({ dependencies: { config }, reducerSideMiddleware: recorder ? [recorder.middleware] : [] });
  if (recorder) startRecording(pageStore, recorder);
  return pageStore;
}

/** QA recording (docs/qa-recording.md): the recorder starts with the page store, the toolbar once per page. */
function startRecording(store: AppStore, recorder: ActionRecorder) {
  recorder.start();
  const controls = installRecorderControls(recorder);
  const element = document.createElement('div');
  element.setAttribute('data-loanmanager-qa-toolbar', '');
  document.body.append(element);
  void import(/* webpackChunkName: "qa-recorder-toolbar" */ '../pages/qa/RecorderToolbar').then(({ default: RecorderToolbar }) =>
    createRoot(element).render(
      <WidgetShell store={store} widget="qa-recorder" container={element} withSnackbar={false}>
        <RecorderToolbar onDownload={controls.download} />
      </WidgetShell>,
    ),
  );
}

export function mountWidget(element: HTMLElement, name: string, Widget: ComponentType, config: PortalConfig) {
  const store = getPageStore(config);
  addHostReset(element.ownerDocument);
  const withSnackbar = !snackbarPlaced;
  snackbarPlaced = true;
  createRoot(element).render(
    <WidgetShell store={store} widget={name} container={element} withSnackbar={withSnackbar}>
      <Widget />
    </WidgetShell>,
  );
}

export { parseConfig as validateConfig } from '../app/config';

/**
 * QA recording (docs/qa-recording.md), loaded only on a page that records: the full store
 * (every feature's slice and saga, as the replay rebuilds it) with the action recorder, so a
 * recording replays to exactly the live state. Pages that do not record never download it.
 */
import type { PortalConfig } from '../platform/config';
import { createActionRecorder } from '../app/recorder/actionRecorder';
import { rootReducer } from '../app/rootReducer';
import { makeStore } from '../app/fullStore';

export { installRecorderControls } from '../app/recorder/recorderControls';

export function makeRecordingStore(config: PortalConfig) {
  const recorder = createActionRecorder({ reducer: rootReducer, locale: config.locale });
  const store = makeStore({ dependencies: { config }, reducerSideMiddleware: [recorder.middleware] });
  return { store, recorder };
}

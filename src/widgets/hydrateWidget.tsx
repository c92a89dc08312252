/**
 * A server-rendered widget made live (issue 18): React hydrates the server's HTML instead of
 * drawing it, and what the borrower typed before is replayed into the store. Its own small chunk,
 * loaded only by the pages the reference server draws (preloaded there: server/preload.ts), so
 * host pages that embed widgets, all drawn by the browser, never download it.
 */
import { startTransition, useLayoutEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { firstAnswersActions, readFirstAnswers } from '../api/firstAnswers';
import type { AppStore } from '../app/createAppStore';
import { HYDRATED_ATTRIBUTE, type PreparesHydration } from '../platform/serverRender';
import { replayTypedInput } from '../firstView/replayTypedInput';
import { WidgetShell } from './WidgetShell';

/**
 * Rendered after the widget inside its Suspense boundary, as nothing: its layout effect runs as
 * the widget's fields are hydrated, before any other render could reset them.
 */
function ReplayTypedInput({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    replayTypedInput(container);
    container.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, [container]);
  return null;
}

export async function hydrateWidget(
  store: AppStore,
  element: HTMLElement,
  name: string,
  Widget: ComponentType,
  releaseFlowsHold?: () => void,
) {
  // what the first render needs, loaded first: a render that suspends mid-hydration is finished synchronously by the next update
  await (Widget as PreparesHydration).prepareHydration?.(store.dependencies.navigation.currentUrl());
  // the answers the server drew the page with: the first render must show them too
  const firstAnswers = readFirstAnswers(element.ownerDocument);
  if (Object.keys(firstAnswers).length > 0) store.dispatch(firstAnswersActions.received(firstAnswers));
  // in a transition: React hydrates in slices, yielding to the borrower between them
  startTransition(
    () =>
      void hydrateRoot(
        element,
        <WidgetShell
          store={store}
          widget={name}
          container={element}
          withSnackbar={false}
          startsFlows
          releaseFlowsHold={releaseFlowsHold}
          afterWidget={<ReplayTypedInput container={element} />}
        >
          <Widget />
        </WidgetShell>,
        {
          onRecoverableError: (error) => {
            // a mismatch: React drew the widget again in the browser; a bug to fix, reported and shown to developers
            console.error('[loanmanager] hydration', error);
            store.dependencies.reporter.report(error, { where: 'hydration', widget: name });
          },
        },
      ),
  );
}

/**
 * A server-rendered widget made live (issue 18): React hydrates the server's HTML instead of
 * drawing it, and what the borrower typed before is replayed into the store (src/firstView/hydration.tsx). Its own small chunk,
 * loaded only by the pages the reference server draws (preloaded there: server/pages/preload.ts), so
 * host pages that embed widgets, all drawn by the browser, never download it.
 */
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { AppStore } from '../app/createAppStore';
import { prepareHydration, ReplayTypedInput } from '../firstView/hydration';
import { WidgetShell } from './WidgetShell';

export async function hydrateWidget(
  store: AppStore,
  element: HTMLElement,
  name: string,
  Widget: ComponentType,
  releaseFlowsHold?: () => void,
) {
  await prepareHydration(store, element, Widget);
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

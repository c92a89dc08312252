/**
 * What a server-drawn widget needs before and as it is hydrated (src/widgets/hydrateWidget.tsx
 * renders it in its shell): what its first render loads, the answers the page came with, and the
 * text typed before hydration.
 */
import { useLayoutEffect, type ComponentType } from 'react';
import type { AppStore } from '../app/createAppStore';
import { HYDRATED_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE, type PreparesHydration } from '../platform/renderProtocol';
import { readFirstAnswers, receiveFirstAnswers } from './firstAnswers';
import { replayTypedInput } from './replayTypedInput';

/** Before hydrating: the first render must not suspend, and must show the answers the server drew with. */
export async function prepareHydration(store: AppStore, element: HTMLElement, Widget: ComponentType) {
  // a render that suspends mid-hydration is finished synchronously by the next update
  await (Widget as PreparesHydration).prepareHydration?.(store.dependencies.navigation.currentUrl());
  await receiveFirstAnswers(store, readFirstAnswers(element.ownerDocument));
}

/**
 * Rendered after the widget inside its Suspense boundary, as nothing: its layout effect runs as
 * the widget's fields are hydrated, before any other render could reset them. A form submitted
 * before (held by the page's inline script, server/pages/html.ts) is then submitted again, now live,
 * with what was typed: in a task of its own, after this commit.
 */
export function ReplayTypedInput({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    replayTypedInput(container);
    container.setAttribute(HYDRATED_ATTRIBUTE, '');
    const held = container.querySelector<HTMLFormElement>(`form[${SUBMIT_HELD_ATTRIBUTE}]`);
    if (!held) return;
    held.removeAttribute(SUBMIT_HELD_ATTRIBUTE);
    setTimeout(() => {
      if (held.isConnected) held.requestSubmit();
    });
  }, [container]);
  return null;
}

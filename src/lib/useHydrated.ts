import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React hydrates the server's HTML (and on the server), true in every other render:
 * a part whose first view depends on what the browser has since learned (an API answer that may
 * arrive before that part's chunk) is drawn only once hydration is over, never compared with a
 * server render that could not know it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

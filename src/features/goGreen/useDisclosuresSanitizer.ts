import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch } from '../../state/hooks';
import { goGreenActions } from './goGreenSlice';
import { loadDisclosuresSanitizer } from './onDemandModules';
import type { sanitizeDisclosures } from './sanitizeDisclosures';

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; sanitize: typeof sanitizeDisclosures };

export type DisclosuresSanitizer = LoadState & { retry: () => void };

/**
 * Loads the disclosures' sanitizer once the caller has rendered, so it is not part of the widget's
 * first load. The wizard holds it: the download starts when the wizard mounts, the disclosures
 * step normally finds it ready, and going back and forth between the steps does not repeat it.
 */
export function useDisclosuresSanitizer(): DisclosuresSanitizer {
  const [loadState, setLoadState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const dispatch = useAppDispatch();

  useEffect(() => {
    let unmounted = false;
    loadDisclosuresSanitizer().then(
      (module) => {
        if (!unmounted) setLoadState({ status: 'ready', sanitize: module.sanitizeDisclosures });
      },
      (error: unknown) => {
        if (unmounted) return;
        setLoadState({ status: 'failed' });
        dispatch(goGreenActions.disclosuresSanitizerFailedToLoad({ message: error instanceof Error ? error.message : String(error) }));
      },
    );
    return () => {
      unmounted = true;
    };
  }, [attempt, dispatch]);

  const retry = useCallback(() => {
    setLoadState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return useMemo(() => ({ ...loadState, retry }), [loadState, retry]);
}

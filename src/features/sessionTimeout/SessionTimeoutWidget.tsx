/**
 * The inactivity warning of the signed-in pages: the server places this widget on each of them
 * (server/routes/pages/). It shows nothing until the saga opens the warning; the dialog's code
 * is downloaded once the page knows when its session ends, well before it is needed, so the
 * first view of the page carries none of it.
 */
import { lazy, Suspense, useCallback, useEffect } from 'react';
import type { DismissTrigger } from '../../lib/dialogMachine';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import {
  selectSessionTimeout,
  signOutPressed,
  staySignedInPressed,
  warningClosed,
  widgetMounted,
} from './sessionTimeoutSlice';

const loadDialog = () => import(/* webpackChunkName: "session-timeout-dialog" */ './TimeoutDialog');
const TimeoutDialog = lazy(loadDialog);

export default function SessionTimeoutWidget() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSessionTimeout);
  const { endsAt } = state;
  const known = endsAt !== null;

  useEffect(() => {
    dispatch(widgetMounted());
  }, [dispatch]);

  useEffect(() => {
    // a failed download is retried by the lazy component when the warning opens
    if (known) loadDialog().catch(() => undefined);
  }, [known]);

  const onStay = useCallback(() => dispatch(staySignedInPressed({ via: 'button' })), [dispatch]);
  const onSignOut = useCallback(() => dispatch(signOutPressed()), [dispatch]);
  // Escape, the close button or the backdrop: the borrower is here, which is what the warning asks
  const onCloseRequested = useCallback((trigger: DismissTrigger) => dispatch(staySignedInPressed({ via: trigger })), [dispatch]);
  const onClosed = useCallback(() => dispatch(warningClosed()), [dispatch]);

  if (endsAt === null || state.dialog === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <TimeoutDialog
        state={{ ...state, endsAt }}
        onStay={onStay}
        onSignOut={onSignOut}
        onCloseRequested={onCloseRequested}
        onClosed={onClosed}
      />
    </Suspense>
  );
}

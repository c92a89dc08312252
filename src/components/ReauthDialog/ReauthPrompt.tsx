/**
 * The password dialog of re-authentication (issue 38) as a widget places it: nothing while its
 * feature's state has no dialog, and the dialog itself downloaded only when a change needs it
 * (the page's first view does not carry it). The feature's own actions (src/lib/reauth's
 * `reauthReducers`) carry the borrower's answers to its saga.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { lazy, Suspense } from 'react';
import { useAppDispatch } from '../../state/hooks';
import { usePasskeysUsable } from '../usePasskeysUsable';
import type { MessageId } from '../../platform/i18n/messageId';
import type { ReauthState } from '../../state/reauthState';
import type { DismissTrigger } from '../../lib/dialogMachine';
import type { DialogProps } from '../Dialog/Dialog';

const ReauthDialog = lazy(() => import(/* webpackChunkName: "reauth-dialog" */ './ReauthDialog'));

export interface ReauthPromptActions {
  reauthPasswordSubmitted(password: string): UnknownAction;
  reauthCancelled(trigger: DismissTrigger | 'action'): UnknownAction;
  reauthDialogClosed(): UnknownAction;
  reauthPasskeyRequested(): UnknownAction;
}

export function ReauthPrompt({
  state,
  actions,
  returnFocusTo,
  why,
}: {
  state: ReauthState | null;
  actions: ReauthPromptActions;
  returnFocusTo: NonNullable<DialogProps['returnFocusTo']>;
  /** What the password unlocks, when not a change of the address (ReauthDialog's `why`). */
  why?: MessageId;
}) {
  const dispatch = useAppDispatch();
  // a passkey instead of the password, where the page offers passkeys (issue 49)
  const passkeys = usePasskeysUsable();
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog
        state={state}
        onConfirm={(password) => dispatch(actions.reauthPasswordSubmitted(password))}
        onCancel={(trigger) => dispatch(actions.reauthCancelled(trigger))}
        onClosed={() => dispatch(actions.reauthDialogClosed())}
        {...(passkeys ? { onPasskey: () => dispatch(actions.reauthPasskeyRequested()) } : {})}
        returnFocusTo={returnFocusTo}
        {...(why ? { why } : {})}
      />
    </Suspense>
  );
}

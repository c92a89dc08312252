/**
 * Re-authentication (issue 38, docs/security.md): outside the server's short window, a change of the
 * address on file answers 403 `{reauth_required: true}`; the borrower then proves the password
 * again in the portal's own dialog and the change is retried. This is the dialog's state, kept in
 * the slice of the feature that asked (profile, go-green) under `reauth`: absent while no dialog
 * is shown, so a feature's first state (and a QA recording made before it existed) is unchanged.
 *
 * The password is never kept: the dialog's field holds it in the component, and the one action
 * that carries it (`reauthPasswordSubmitted`, `{ password }`) is redacted by key in DevTools,
 * recordings and reports (src/platform/redaction.ts); no reducer stores it.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../lib/dialogMachine';
import type { MessageId } from '../platform/i18n/messageId';

/** The texts of the dialog's refusals (the shared components' namespace, `common`). */
export const REAUTH_MESSAGES = {
  incorrect: 'common.reauth.incorrect',
  paused: 'common.reauth.paused',
  failed: 'common.reauth.failed',
  passkeyFailed: 'common.reauth.passkeyFailed',
  noPasskey: 'common.reauth.noPasskey',
} as const satisfies Record<string, MessageId>;

export interface ReauthState {
  dialog: DialogPhase;
  /** confirm_password is on its way */
  checking: boolean;
  /** why the last password was not accepted: a message id, or a text the server sent in the borrower's language */
  refusal: string | null;
  /** how the dialog ended: the widget puts focus back accordingly once it has closed */
  outcome: 'confirmed' | 'cancelled' | null;
}

/** The part of a feature's state the dialog lives in. */
export interface WithReauthState {
  reauth?: ReauthState;
}

const closeByAction = { type: 'closeRequested', trigger: 'action', closingDisabled: false } as const;

/**
 * The case reducers of the dialog, spread into a feature's slice (their actions are then
 * `<feature>/reauthRequired`, ...). `onEnded` adds what the feature does when the borrower cancels
 * (e.g. the form's button stops waiting).
 */
export function reauthReducers<S extends WithReauthState>(onCancelled: (state: S) => void = () => undefined) {
  return {
    /** A change answered 403 reauth_required: the dialog opens. */
    reauthRequired(state: S) {
      state.reauth = { dialog: nextDialogPhase('closed', { type: 'opened' }), checking: false, refusal: null, outcome: null };
    },
    /** Confirm was pressed; the password goes only to the saga (redacted by key), never into the state. */
    reauthPasswordSubmitted: {
      reducer(state: S) {
        if (!state.reauth) return;
        state.reauth.checking = true;
        state.reauth.refusal = null;
      },
      prepare: (password: string) => ({ payload: { password } }),
    },
    /** "Use a passkey instead" was pressed (issue 49): the browser's prompt opens; the dialog waits. */
    reauthPasskeyRequested(state: S) {
      if (!state.reauth) return;
      state.reauth.checking = true;
      state.reauth.refusal = null;
    },
    /** The browser's passkey prompt was closed: nothing was checked, the dialog is as it was. */
    reauthPasskeyDismissed(state: S) {
      if (state.reauth) state.reauth.checking = false;
    },
    /** The password was not accepted (wrong, paused, or the check failed): the dialog stays open and says why. */
    reauthRefused(state: S, action: PayloadAction<string>) {
      if (!state.reauth) return;
      state.reauth.checking = false;
      state.reauth.refusal = action.payload;
    },
    /** The password was accepted: the dialog closes and the change is retried. */
    reauthConfirmed(state: S) {
      if (!state.reauth) return;
      state.reauth.checking = false;
      state.reauth.outcome = 'confirmed';
      state.reauth.dialog = nextDialogPhase(state.reauth.dialog, closeByAction);
    },
    /** Cancel, the close button, the backdrop or Escape: nothing is changed, what was typed stays. */
    reauthCancelled: {
      reducer(state: S) {
        if (!state.reauth || state.reauth.checking) return;
        state.reauth.outcome = 'cancelled';
        state.reauth.dialog = nextDialogPhase(state.reauth.dialog, closeByAction);
        onCancelled(state);
      },
      prepare: (trigger: DismissTrigger | 'action' = 'action') => ({ payload: { trigger } }),
    },
    /** The dialog's close animation ended (or its fallback fired): no dialog, no state. */
    reauthDialogClosed(state: S) {
      if (state.reauth && nextDialogPhase(state.reauth.dialog, { type: 'closeFinished' }) === 'closed') delete state.reauth;
    },
  };
}

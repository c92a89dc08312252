/** The profile's "Change email address" form (beyond the spec: the page the go-green texts link to). */
import { createAction, createSelector, type PayloadAction } from '@reduxjs/toolkit';
import { createFormSlice, type FormState } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { reauthReducers, type WithReauthState } from '../../state/reauthState';
import { requestReducers, type RequestStatus } from '../../state/forms/requestStatus';
import type { MessageId } from '../../platform/i18n/messageId';
import { validateGoGreenEmail, type FieldErrors } from '../../lib/validation/rules';

export interface ProfileValues {
  email_address: string;
}

/**
 * A new address waiting for its emailed link to be opened (issue 47 item 5): named on the page with
 * the link's lifetime and a resend, and followed by a poll until it is verified (then 'verified').
 */
export interface PendingAddress {
  emailAddress: string;
  /** How long the link works, as the server said (null: it did not say). */
  linkExpiresInSeconds: number | null;
  status: 'waiting' | 'resending' | 'resent' | 'resendFailed' | 'verified';
}

/**
 * The passkeys' part of the page (issue 49): what the last add, rename or remove did. Absent until
 * the first one, so the page's first state (and a recording made before passkeys) is unchanged.
 */
interface PasskeyTask {
  /** pending while it runs; `idle` again when the borrower closed the browser's prompt */
  status: RequestStatus;
  /** the answer to show (a message id) */
  message: MessageId | null;
}

const passkeyTask = requestReducers<PasskeyTask>('status');

/** The form, the address waiting for its link, the password dialog a change of address (or a new passkey) may need first (src/lib/reauth), and the passkeys' last task. */
export type ProfileState = FormState<ProfileValues> & WithReauthState & { pending?: PendingAddress; passkeys?: PasskeyTask };

/** `profile/fieldChanged`, `profile/resendPressed`, ... */
export const profileSlice = createFormSlice({
  name: 'profile',
  initialValues: { email_address: '' } as ProfileValues,
  // absent until used, so the page's first state (and a recording made before them) is unchanged;
  // a fresh form (formReset, formOpened after a success) has none of them
  state: {} as Omit<ProfileState, keyof FormState<ProfileValues>>,
  // checked by the server as it is typed (in use by another account?), as go-green's address is
  checkedFields: { email_address: (value) => validateGoGreenEmail(value) === null },
  reducers: {
    ...submissionEvents,
    // Cancel: nothing was changed; the button is usable again and the address typed stays
    ...reauthReducers<ProfileState>((state) => {
      state.status = 'idle';
      if (state.pending?.status === 'resending') state.pending.status = 'waiting';
      if (state.passkeys) state.passkeys.status = 'idle';
    }),
    /** The server sent a link to the new address: the page names it and waits for it to be opened. */
    verificationLinkSent(state, action: PayloadAction<{ emailAddress: string; linkExpiresInSeconds: number | null }>) {
      state.pending = { ...action.payload, status: 'waiting' };
    },
    /** "Send the link again" was pressed. */
    resendPressed(state) {
      if (state.pending) state.pending.status = 'resending';
    },
    resendSucceeded(state, action: PayloadAction<{ linkExpiresInSeconds: number | null }>) {
      if (state.pending) state.pending = { ...state.pending, linkExpiresInSeconds: action.payload.linkExpiresInSeconds, status: 'resent' };
    },
    resendFailed(state) {
      if (state.pending) state.pending.status = 'resendFailed';
    },
    /** The poll found the address verified (its link opened here or in another tab): it is the address on file now. */
    addressVerified(state) {
      if (state.pending) state.pending.status = 'verified';
    },
    /** "Add a passkey" was pressed, with the name the borrower gave it (issue 49). */
    passkeyAddRequested: { reducer: startPasskeyTask, prepare: (name: string) => ({ payload: { name } }) },
    passkeyRenameRequested: { reducer: startPasskeyTask, prepare: (id: number, name: string) => ({ payload: { id, name } }) },
    passkeyRemoveRequested: { reducer: startPasskeyTask, prepare: (id: number) => ({ payload: { id } }) },
    /** The add, rename or remove ended: its message (null: the borrower closed the browser's prompt). */
    passkeyTaskEnded(state, action: PayloadAction<{ message: MessageId | null; succeeded: boolean }>) {
      const { message, succeeded } = action.payload;
      const task: PasskeyTask = { status: 'idle', message };
      if (succeeded) passkeyTask.succeeded(task);
      else if (message !== null) passkeyTask.failed(task);
      state.passkeys = task;
    },
  },
});

function startPasskeyTask(state: ProfileState) {
  state.passkeys = { status: 'idle', message: null };
  passkeyTask.started(state.passkeys);
}

export const profileActions = profileSlice.actions;
/** The profile page left the screen: the address on file need not stay loaded. */
export const profilePageClosed = createAction('profile/pageClosed');

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithProfile = { profile: ProfileState };

const FIELDS = ['email_address'] as const;
const selectProfile = (state: WithProfile) => state.profile;
const formSelectors = createFormSelectors(selectProfile, (values: ProfileValues) => rulesOf(values), FIELDS);

function rulesOf(values: ProfileValues): FieldErrors<'email_address'> {
  const message = validateGoGreenEmail(values.email_address);
  return message === null ? {} : { email_address: message };
}

/**
 * The rules' errors, then the server's refusal of the address (e.g. in use by another account):
 * shown on the field, in the borrower's language, until the address is changed (changing it
 * drops the field from `rejectedFields`).
 */
const selectErrors = createSelector(
  [
    formSelectors.selectErrors,
    (state: WithProfile) => selectProfile(state).rejectedFields,
    (state: WithProfile) => selectProfile(state).status,
    (state: WithProfile) => selectProfile(state).serverMessage,
    (state: WithProfile) => selectProfile(state).checks?.email_address,
  ],
  (rules, rejected, status, serverMessage, check): FieldErrors<'email_address'> => {
    if (rules.email_address !== undefined) return rules;
    if (status === 'failed' && serverMessage !== null && rejected?.includes('email_address')) return { email_address: serverMessage };
    // the server's check of the address typed, as soon as it answers with a reason (in use by another
    // account); a check that failed without one (network, 5xx) blocks nothing: the change's answer decides
    return check?.status === 'invalid' && check.message ? { email_address: check.message } : {};
  },
);

/** The server's check of the address typed: 'idle' until the rules pass a value. */
export const selectEmailCheck = (state: WithProfile) => selectProfile(state).checks?.email_address?.status ?? 'idle';

/** The address waiting for its link, or null. */
export const selectPendingAddress = (state: WithProfile) => selectProfile(state).pending ?? null;
const selectFirstInvalidField = createSelector([selectErrors], (errors) => FIELDS.find((field) => errors[field] !== undefined) ?? null);

const selectors = {
  selectForm: selectProfile,
  selectValues: formSelectors.selectValues,
  selectErrors,
  selectFirstInvalidField,
  selectIsValid: (state: WithProfile) => selectFirstInvalidField(state) === null,
};

export const profileForm = {
  name: profileSlice.name,
  actions: profileSlice.actions,
  ...selectors,
} satisfies FormBinding<ProfileValues>;

/** The passkeys' last task, or null before any. */
export const selectPasskeyTask = (state: WithProfile) => selectProfile(state).passkeys ?? null;

/** The password dialog's state, or null while none is shown. */
export const selectProfileReauth = (state: WithProfile) => selectProfile(state).reauth ?? null;

/**
 * What the flow stores as the form's `serverMessage`: message ids (the texts are in the catalogs,
 * namespace `profile`), shown in the borrower's language, so a recording replays in any language.
 */
export const PROFILE_MESSAGES = {
  changed: 'profile.changed',
  received: 'profile.received',
  failed: 'profile.failed',
  passkeyAdded: 'profile.passkeys.addDone',
  passkeyRenamed: 'profile.passkeys.renameDone',
  passkeyRemoved: 'profile.passkeys.removeDone',
  passkeyFailed: 'profile.passkeys.failed',
} as const satisfies Record<string, MessageId>;

/** The profile's "Change email address" form (beyond the spec: the page the go-green texts link to). */
import { createAction } from '@reduxjs/toolkit';
import { createFormSlice, type FormState } from '../../lib/forms/createFormSlice';
import { createFormSelectors } from '../../lib/forms/formSelectors';
import { submissionEvents } from '../../lib/forms/submissionEvents';
import type { FormBinding } from '../../lib/forms/useFormField';
import type { MessageId } from '../../platform/i18n/messageId';
import { validateGoGreenEmail, type FieldErrors } from '../../lib/validation/rules';

export interface ProfileValues {
  email_address: string;
}

export const profileSlice = createFormSlice({
  name: 'profile',
  initialValues: { email_address: '' } as ProfileValues,
  reducers: { ...submissionEvents },
});

export const profileActions = profileSlice.actions;
/** The profile page left the screen: the address on file need not stay loaded. */
export const profilePageClosed = createAction('profile/pageClosed');

function validateProfile(values: ProfileValues): FieldErrors<'email_address'> {
  const message = validateGoGreenEmail(values.email_address);
  return message === null ? {} : { email_address: message };
}

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithProfile = { profile: FormState<ProfileValues> };

export const profileForm = {
  name: profileSlice.name,
  actions: profileActions,
  ...createFormSelectors((state: WithProfile) => state.profile, validateProfile, ['email_address']),
} satisfies FormBinding<ProfileValues>;

/**
 * What the flow stores as the form's `serverMessage`: message ids (the texts are in the catalogs,
 * namespace `profile`), shown in the borrower's language, so a recording replays in any language.
 */
export const PROFILE_MESSAGES = {
  verificationSent: 'profile.verificationSent',
  changed: 'profile.changed',
  failed: 'profile.failed',
} as const satisfies Record<string, MessageId>;

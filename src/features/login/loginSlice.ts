import { createAction, createSelector } from '@reduxjs/toolkit';
import { createFormSlice, type FormState } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { firstError, required, type FieldErrors } from '../../lib/validation/rules';

export interface LoginValues {
  username: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const usernameError = firstError(values.username, [required]);
  if (usernameError) errors.username = usernameError;
  const passwordError = firstError(values.password, [required]);
  if (passwordError) errors.password = passwordError;
  return errors;
}

export const loginSlice = createFormSlice({
  name: 'login',
  initialValues: { username: '', password: '' } as LoginValues,
  reducers: {
    ...submissionEvents,
    /** "Sign in with a passkey" was pressed (issue 49): the browser's prompt opens */
    passkeyRequested() {},
  },
});

export const loginActions = {
  ...loginSlice.actions,
  /** signed in: the browser is sent to the landing page */
  redirected: createAction<string>('login/redirected'),
};

type LoginState = { login: FormState<LoginValues> };
const selectLogin = (state: LoginState) => state.login;

/** The form as the submit sees it: valid by its rules alone (a refused password may be retyped, or the username). */
export const loginForm = {
  name: loginSlice.name,
  actions: loginActions,
  ...createFormSelectors(selectLogin, validateLogin, ['username', 'password']),
} satisfies FormBinding<LoginValues>;

/** A sign-in (by password or passkey) is on its way. */
export const selectSubmitting = (state: LoginState) => state.login.status === 'submitting';

/** The password field's error after the server refused the last sign-in, until it is changed: null otherwise. */
export const selectPasswordRefused = (state: LoginState): 'login.incorrect' | null => {
  const { status, rejectedFields } = state.login;
  return status === 'failed' && rejectedFields?.includes('password') ? 'login.incorrect' : null;
};

/** Both fields marked as refused, always: a sign-in field never shows a success mark. */
const NO_SUCCESS_MARK: Array<keyof LoginValues> = ['username', 'password'];

/**
 * The form as its fields show it (issue 39, E4):
 * - no success mark on either field, ever: only the server knows whether a username or a password
 *   is right, and a tick beside one it has just refused contradicts its answer;
 * - the refused sign-in's "incorrect" on the password field, marked invalid (aria-invalid, its
 *   error announced), until the borrower changes it.
 */
export const loginFieldsView = {
  ...loginForm,
  selectForm: createSelector([selectLogin], (state): FormState<LoginValues> => ({ ...state, rejectedFields: NO_SUCCESS_MARK })),
  selectErrors: createSelector([loginForm.selectErrors, selectPasswordRefused], (errors, refused) =>
    refused && !errors.password ? { ...errors, password: refused } : errors,
  ),
} satisfies FormBinding<LoginValues>;

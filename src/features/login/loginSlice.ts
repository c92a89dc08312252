import { createAction } from '@reduxjs/toolkit';
import { createFormSlice, type FormState } from '../../lib/forms/createFormSlice';
import { createFormSelectors } from '../../lib/forms/formSelectors';
import { submissionEvents } from '../../lib/forms/submissionEvents';
import type { FormBinding } from '../../lib/forms/useFormField';
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
  reducers: { ...submissionEvents },
});

export const loginActions = {
  ...loginSlice.actions,
  /** signed in: the browser is sent to the landing page */
  redirected: createAction<string>('login/redirected'),
};

export const loginForm = {
  name: loginSlice.name,
  actions: loginActions,
  ...createFormSelectors((state: { login: FormState<LoginValues> }) => state.login, validateLogin, [
    'username',
    'password',
  ]),
} satisfies FormBinding<LoginValues>;

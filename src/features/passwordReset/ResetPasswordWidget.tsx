import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { PasswordField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { useFormSubmit } from '../../lib/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS, MESSAGES } from '../../lib/validation/messages';
import { RESET_PASSWORD_MESSAGES, resetPasswordActions, resetPasswordForm as form, type WithResetPassword } from './resetPasswordSlice';

function NewPasswordForm() {
  const onSubmit = useFormSubmit(form);
  const succeeded = useAppSelector((state: WithResetPassword) => form.selectForm(state).status === 'succeeded');
  if (succeeded) {
    return (
      <MessageFocus>
        <Alert type="success" showIcon title={RESET_PASSWORD_MESSAGES.succeeded} />
      </MessageFocus>
    );
  }
  return (
    <BoundForm label="Reset Password" onSubmit={onSubmit}>
      <PasswordField
        form={form}
        field="password"
        label="Password"
        hint={MESSAGES.passwordHint}
        maxLength={LIMITS.inputMaximum}
        autoComplete="new-password"
      />
      <PasswordField form={form} field="password2" label="Password (again)" maxLength={LIMITS.inputMaximum} autoComplete="new-password" />
      <FormFailureAlert form={form} />
      <SubmitButton form={form}>Reset Password</SubmitButton>
    </BoundForm>
  );
}

export default function ResetPasswordWidget() {
  const dispatch = useAppDispatch();
  const nonceStatus = useAppSelector((state: WithResetPassword) => state.resetPassword.nonceStatus);
  useEffect(() => {
    dispatch(resetPasswordActions.opened());
  }, [dispatch]);

  return (
    <AccountCard title="Reset Password">
      {nonceStatus === 'checking' ? (
        <LoadingStatus label={RESET_PASSWORD_MESSAGES.checking} />
      ) : nonceStatus === 'unchecked' ? (
        <Alert
          type="error"
          showIcon
          title={RESET_PASSWORD_MESSAGES.unchecked}
          action={<Button onClick={() => dispatch(resetPasswordActions.nonceCheckRetried())}>Try again</Button>}
        />
      ) : nonceStatus === 'expired' ? (
        <>
          <Alert type="warning" showIcon title={RESET_PASSWORD_MESSAGES.expired} />
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.requestPasswordReset}>Request a new password reset link</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <NewPasswordForm />
      )}
    </AccountCard>
  );
}

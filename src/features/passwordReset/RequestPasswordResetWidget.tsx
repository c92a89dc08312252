import { Alert, Typography } from 'antd';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { useAppSelector } from '../../lib/hooks';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS } from '../../lib/validation/messages';
import { REQUEST_PASSWORD_RESET_MESSAGES, requestPasswordResetForm as form, type WithRequestPasswordReset } from './requestPasswordResetSlice';

export default function RequestPasswordResetWidget() {
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const succeeded = useAppSelector((state: WithRequestPasswordReset) => form.selectForm(state).status === 'succeeded');
  return (
    <AccountCard title="Having trouble signing in?">
      {succeeded ? (
        <MessageFocus>
          <Alert type="success" showIcon title={REQUEST_PASSWORD_RESET_MESSAGES.succeeded} />
        </MessageFocus>
      ) : (
        <>
          <Typography.Paragraph>Enter your username and we will email you a link to reset your password.</Typography.Paragraph>
          <BoundForm label="Request a password reset" onSubmit={onSubmit}>
            <TextField
              form={form}
              field="username"
              label="Username"
              maxLength={LIMITS.inputMaximum}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
            <FormFailureAlert form={form} />
            <SubmitButton form={form} disabledWhileInvalid>
              Continue
            </SubmitButton>
          </BoundForm>
          <FormFootnote>
            Forgot your username?{' '}
            <PortalLink href={PORTAL_URLS.recoverUsernameFromResetRequest}>Recover your username</PortalLink>
          </FormFootnote>
        </>
      )}
    </AccountCard>
  );
}

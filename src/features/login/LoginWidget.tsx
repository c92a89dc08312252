import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { PasswordField, TextField } from '../../components/FormFields/BoundFields';
import { AccountCard, BoundForm, FormFailureAlert, SubmitButton } from '../../components/FormFields/FormLayout';
import { PortalLink } from '../../components/PortalLink';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { PASSWORD_CHANGED_PARAM, PORTAL_URLS, SIGNED_OUT_INACTIVE_PARAM } from '../../lib/portalUrls';
import { LIMITS } from '../../lib/validation/messages';
import { LOGIN_MESSAGES, loginForm as form } from './loginSlice';

export default function LoginWidget() {
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  // sent here by the reset page: the borrower is told it worked before signing in with the new password
  const [passwordChanged] = useState(() => new URLSearchParams(window.location.search).has(PASSWORD_CHANGED_PARAM));
  // sent here by the inactivity sign-out of a signed-in page (src/features/sessionTimeout)
  const [signedOutInactive] = useState(() => new URLSearchParams(window.location.search).has(SIGNED_OUT_INACTIVE_PARAM));
  return (
    <AccountCard title="Sign in">
      {passwordChanged ? (
        <Alert type="success" showIcon role="status" title={LOGIN_MESSAGES.passwordChanged} style={{ marginBottom: 16 }} />
      ) : null}
      {signedOutInactive ? (
        <Alert type="info" showIcon role="status" title={LOGIN_MESSAGES.signedOutInactive} style={{ marginBottom: 16 }} />
      ) : null}
      <BoundForm label="Sign in" onSubmit={onSubmit}>
        <TextField
          form={form}
          field="username"
          label="Username"
          maxLength={LIMITS.inputMaximum}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField form={form} field="password" label="Password" maxLength={LIMITS.inputMaximum} autoComplete="current-password" />
        <FormFailureAlert form={form} />
        <SubmitButton form={form}>Sign in</SubmitButton>
      </BoundForm>
      <nav aria-label="Account help">
        <Flex vertical align="flex-start" style={{ marginTop: 8 }}>
          <PortalLink standalone href={PORTAL_URLS.register}>
            Register
          </PortalLink>
          <PortalLink standalone href={PORTAL_URLS.recoverUsername}>
            Forgot your username?
          </PortalLink>
          <PortalLink standalone href={PORTAL_URLS.requestPasswordReset}>
            Forgot your password?
          </PortalLink>
        </Flex>
      </nav>
    </AccountCard>
  );
}

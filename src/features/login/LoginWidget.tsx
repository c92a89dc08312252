import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { PasswordField, TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, SubmitButton } from '../../components/FormFields/FormLayout';
import { PortalLink } from '../../components/PortalLink';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { useNavigation } from '../../lib/NavigationContext';
import { PASSWORD_CHANGED_PARAM, PORTAL_URLS, SIGNED_OUT_INACTIVE_PARAM } from '../../lib/portalUrls';
import { LIMITS } from '../../lib/validation/messages';
import { useT } from '../../platform/i18n/useT';
import { loginForm as form } from './loginSlice';

export default function LoginWidget() {
  const t = useT();
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const navigation = useNavigation();
  const [query] = useState(() => new URL(navigation.currentUrl(), 'http://portal.invalid').searchParams);
  // sent here by the reset page: the borrower is told it worked before signing in with the new password
  const passwordChanged = query.has(PASSWORD_CHANGED_PARAM);
  // sent here by the inactivity sign-out of a signed-in page (src/features/sessionTimeout)
  const signedOutInactive = query.has(SIGNED_OUT_INACTIVE_PARAM);
  return (
    <AccountCard title={t('login.title')}>
      {passwordChanged ? (
        <Alert type="success" showIcon role="status" title={t('login.passwordChanged')} style={{ marginBottom: 16 }} />
      ) : null}
      {signedOutInactive ? (
        <Alert type="info" showIcon role="status" title={t('login.signedOutInactive')} style={{ marginBottom: 16 }} />
      ) : null}
      <BoundForm label={t('login.title')} onSubmit={onSubmit}>
        <TextField
          form={form}
          field="username"
          label={t('login.username')}
          maxLength={LIMITS.inputMaximum}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField
          form={form}
          field="password"
          label={t('login.password')}
          maxLength={LIMITS.inputMaximum}
          autoComplete="current-password"
        />
        <FormFailureAlert form={form} />
        <SubmitButton form={form}>{t('login.submit')}</SubmitButton>
      </BoundForm>
      <nav aria-label={t('login.accountHelp')}>
        <Flex vertical align="flex-start" style={{ marginTop: 8 }}>
          <PortalLink standalone href={PORTAL_URLS.register}>
            {t('login.register')}
          </PortalLink>
          <PortalLink standalone href={PORTAL_URLS.recoverUsername}>
            {t('login.forgotUsername')}
          </PortalLink>
          <PortalLink standalone href={PORTAL_URLS.requestPasswordReset}>
            {t('login.forgotPassword')}
          </PortalLink>
        </Flex>
      </nav>
    </AccountCard>
  );
}

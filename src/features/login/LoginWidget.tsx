import { Alert, Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { PasswordField, TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, SubmitButton } from '../../components/FormFields/FormLayout';
import { PortalLink } from '../../components/PortalLink';
import { fieldId, useFormOpened, useFormSubmit } from '../../state/forms/useFormField';
import { hasMeaningfulFocus } from '../../components/focusPageHeading';
import { useAppDispatch, useAppSelector, usePortalConfig } from '../../state/hooks';
import { usePasskeysUsable } from '../../components/usePasskeysUsable';
import { useNavigation } from '../../components/NavigationContext';
import { PASSWORD_CHANGED_PARAM, PORTAL_URLS, SIGNED_OUT_INACTIVE_PARAM, SIGNED_OUT_PARAM } from '../../lib/portalUrls';
import { LIMITS } from '../../lib/validation/messages';
import { useT } from '../../platform/i18n/useT';
import { loginActions, loginForm as form, loginFieldsView as fields, selectPasswordRefused, selectSubmitting } from './loginSlice';

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
  // sent here by the header's "Sign out" (server/routes/pages/); the inactivity sign-out says more
  const signedOut = query.has(SIGNED_OUT_PARAM) && !signedOutInactive;
  usePasswordFocusWhenRefused();
  // passkeys in the username field's suggestions (conditional mediation) where the server offers them
  const passkeysOffered = usePortalConfig().passkeys;
  return (
    <AccountCard title={t('login.title')}>
      {passwordChanged ? (
        <Alert type="success" showIcon role="status" title={t('login.passwordChanged')} style={{ marginBottom: 16 }} />
      ) : null}
      {signedOut ? <Alert type="success" showIcon role="status" title={t('login.signedOut')} style={{ marginBottom: 16 }} /> : null}
      {signedOutInactive ? (
        <Alert type="info" showIcon role="status" title={t('login.signedOutInactive')} style={{ marginBottom: 16 }} />
      ) : null}
      <BoundForm label={t('login.title')} onSubmit={onSubmit}>
        <TextField
          form={fields}
          field="username"
          label={t('login.username')}
          maxLength={LIMITS.inputMaximum}
          autoComplete={passkeysOffered ? 'username webauthn' : 'username'}
          autoCapitalize="off"
          spellCheck={false}
        />
        <PasswordField
          form={fields}
          field="password"
          label={t('login.password')}
          maxLength={LIMITS.inputMaximum}
          autoComplete="current-password"
        />
        <FormFailureAlert form={form} />
        <SubmitButton form={form}>{t('login.submit')}</SubmitButton>
      </BoundForm>
      <PasskeySignInButton />
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

/** "Sign in with a passkey" (issue 49): only where the server offers passkeys and the browser has WebAuthn. */
function PasskeySignInButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  const usable = usePasskeysUsable();
  const submitting = useAppSelector(selectSubmitting);
  if (!usable) return null;
  return (
    <Button block style={{ marginTop: 12 }} disabled={submitting} onClick={() => dispatch(loginActions.passkeyRequested())}>
      {t('login.passkey')}
    </Button>
  );
}

/**
 * A refused password: its field says so (loginFieldsView) and, when focus fell to the page (the
 * button pressed was disabled while the request ran), takes focus with its text selected, so the
 * borrower hears the error with the field and retypes. A message above the button (the last
 * attempt's warning) takes focus first (MessageFocus); Enter in a field leaves focus there.
 */
function usePasswordFocusWhenRefused() {
  const refused = useAppSelector(selectPasswordRefused) !== null;
  useEffect(() => {
    if (!refused || hasMeaningfulFocus()) return;
    const input = document.getElementById(fieldId(form.name, 'password'));
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  }, [refused]);
}

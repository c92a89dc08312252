import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { PasswordField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { fieldId, useFormSubmit, usePlacedServerErrors } from '../../state/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS, MESSAGES } from '../../lib/validation/messages';
import { useT } from '../../platform/i18n/useT';
import { resetPasswordActions, resetPasswordForm as form, type WithResetPassword } from './resetPasswordSlice';

/**
 * A refusal that names a field (a new password too common): focus goes to that field, which shows
 * the server's text, once per refusal; the alert above still announces it.
 */
function useRefusedFieldFocus() {
  const serverErrors = useAppSelector((state: WithResetPassword) => form.selectForm(state).serverErrors);
  const refused = usePlacedServerErrors(form).find((placed) => placed.field !== null)?.field ?? null;
  useEffect(() => {
    if (serverErrors && refused) document.getElementById(fieldId(form.name, refused))?.focus();
  }, [serverErrors, refused]);
}

function NewPasswordForm() {
  const t = useT();
  const onSubmit = useFormSubmit(form);
  useRefusedFieldFocus();
  const succeeded = useAppSelector((state: WithResetPassword) => form.selectForm(state).status === 'succeeded');
  if (succeeded) {
    return (
      <MessageFocus done>
        <Alert type="success" showIcon title={t('passwordReset.succeeded')} />
      </MessageFocus>
    );
  }
  return (
    <BoundForm label={t('passwordReset.title')} onSubmit={onSubmit}>
      <PasswordField
        form={form}
        field="password"
        label={t('passwordReset.password')}
        hint={t(MESSAGES.passwordHint)}
        maxLength={LIMITS.inputMaximum}
        autoComplete="new-password"
      />
      <PasswordField
        form={form}
        field="password2"
        label={t('passwordReset.passwordAgain')}
        maxLength={LIMITS.inputMaximum}
        autoComplete="new-password"
      />
      <FormFailureAlert form={form} />
      <SubmitButton form={form}>{t('passwordReset.submit')}</SubmitButton>
    </BoundForm>
  );
}

export default function ResetPasswordWidget() {
  const t = useT();
  const dispatch = useAppDispatch();
  const nonceStatus = useAppSelector((state: WithResetPassword) => state.resetPassword.nonceStatus);
  useEffect(() => {
    dispatch(resetPasswordActions.opened());
    return () => {
      dispatch(resetPasswordActions.closed());
    };
  }, [dispatch]);

  return (
    <AccountCard title={t('passwordReset.title')}>
      {nonceStatus === 'pending' ? (
        <LoadingStatus label={t('passwordReset.checking')} />
      ) : nonceStatus === 'failed' ? (
        // the Try again pressed is gone while the check runs: focus comes back to this message
        <MessageFocus>
          <Alert
            type="error"
            showIcon
            title={t('passwordReset.unchecked')}
            action={<Button onClick={() => dispatch(resetPasswordActions.nonceCheckRetried())}>{t('passwordReset.tryAgain')}</Button>}
          />
        </MessageFocus>
      ) : nonceStatus === 'refused' ? (
        <>
          {/* the spec's text verbatim; the server cannot tell a used link from an old one, so the second sentence covers both */}
          <Alert type="warning" showIcon title={t('passwordReset.expired')} description={t('passwordReset.expiredDetail')} />
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.requestPasswordReset}>{t('passwordReset.requestAgain')}</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <NewPasswordForm />
      )}
    </AccountCard>
  );
}

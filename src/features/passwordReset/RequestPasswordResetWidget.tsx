import { Alert } from 'antd';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { failureNextStep } from '../../components/FormFields/failureNextStep';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { Paragraph } from '../../components/Typography/Typography';
import { useAppSelector } from '../../state/hooks';
import { useFormMessage, useFormOpened, useFormSubmit } from '../../state/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { LIMITS } from '../../lib/validation/messages';
import type { MessageValues } from '../../platform/i18n/messageId';
import { T, useT } from '../../platform/i18n/useT';
import { requestPasswordResetForm as form, type WithRequestPasswordReset } from './requestPasswordResetSlice';

/** After the spec's failure text, what to do: check the username, wait, or try again later. */
function nextSteps(message: string, values: MessageValues | undefined) {
  return message === 'passwordReset.requestFailed' ? failureNextStep(values, <T id="passwordReset.requestFailedNextSteps" />) : null;
}

export default function RequestPasswordResetWidget() {
  const t = useT();
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const succeeded = useAppSelector((state: WithRequestPasswordReset) => form.selectForm(state).status === 'succeeded');
  // how long the link works: the message the saga chose from the server's answer
  const lifetime = useFormMessage(form, 'succeeded');
  return (
    <AccountCard title={t('passwordReset.requestTitle')}>
      {succeeded ? (
        <>
          <MessageFocus>
            {/* the spec's green notice verbatim, then how long the link works */}
            <Alert type="success" showIcon title={t('passwordReset.requestSucceeded')} description={lifetime} />
          </MessageFocus>
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.login}>{t('common.toSignIn')}</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <>
          <Paragraph>{t('passwordReset.requestIntro')}</Paragraph>
          <BoundForm label={t('passwordReset.requestForm')} onSubmit={onSubmit}>
            <TextField
              form={form}
              field="username"
              label={t('passwordReset.username')}
              maxLength={LIMITS.inputMaximum}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
            <FormFailureAlert form={form} description={nextSteps} />
            <SubmitButton form={form} disabledWhileInvalid>
              {t('passwordReset.continue')}
            </SubmitButton>
          </BoundForm>
          <FormFootnote>
            <T id="passwordReset.forgotUsername" components={{ 0: <PortalLink href={PORTAL_URLS.recoverUsernameFromResetRequest} /> }} />
          </FormFootnote>
        </>
      )}
    </AccountCard>
  );
}

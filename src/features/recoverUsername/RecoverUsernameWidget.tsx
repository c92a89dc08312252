import { Alert } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch } from '../../state/hooks';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, FormFailureAlert, FormFootnote, SubmitButton } from '../../components/FormFields/FormLayout';
import { failureNextStep } from '../../components/FormFields/failureNextStep';
import { LoanIdentityFields } from '../../components/FormFields/LoanIdentityFields';
import { MessageFocus } from '../../components/MessageFocus';
import { PortalLink } from '../../components/PortalLink';
import { Paragraph } from '../../components/Typography/Typography';
import { useFormMessage, useFormOpened, useFormSubmit } from '../../state/forms/useFormField';
import { PORTAL_URLS } from '../../lib/portalUrls';
import type { MessageValues } from '../../platform/i18n/messageId';
import { T, useT } from '../../platform/i18n/useT';
import { recoverUsernameActions, recoverUsernameForm as form } from './recoverUsernameSlice';

/**
 * After the spec's failure text, what to do: a refusal, check the details or register first; a
 * network failure or a 5xx, try again (the details may be right).
 */
function nextSteps(message: string, values: MessageValues | undefined) {
  return message === 'recoverUsername.failed'
    ? failureNextStep(
        values,
        <T id="recoverUsername.failedNextSteps" components={{ 0: <PortalLink href={PORTAL_URLS.register} style={{ textDecoration: 'underline' }} /> }} />,
      )
    : null;
}

export default function RecoverUsernameWidget() {
  const t = useT();
  const dispatch = useAppDispatch();
  useFormOpened(form);
  const onSubmit = useFormSubmit(form);
  const success = useFormMessage(form, 'succeeded');
  useEffect(() => {
    dispatch(recoverUsernameActions.opened());
  }, [dispatch]);

  return (
    <AccountCard title={t('recoverUsername.title')}>
      {success ? (
        <>
          <MessageFocus>
            <Alert type="success" showIcon title={success} />
          </MessageFocus>
          <FormFootnote>
            <PortalLink href={PORTAL_URLS.login}>{t('common.toSignIn')}</PortalLink>
          </FormFootnote>
        </>
      ) : (
        <>
          <Paragraph>{t('recoverUsername.intro')}</Paragraph>
          <BoundForm label={t('recoverUsername.title')} onSubmit={onSubmit}>
            <LoanIdentityFields form={form} />
            <FormFailureAlert form={form} description={nextSteps} />
            <SubmitButton form={form}>{t('recoverUsername.submit')}</SubmitButton>
          </BoundForm>
        </>
      )}
    </AccountCard>
  );
}

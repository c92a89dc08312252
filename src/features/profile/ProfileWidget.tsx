import { Alert } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, SubmitButton } from '../../components/FormFields/FormLayout';
import { MessageFocus } from '../../components/MessageFocus';
import { Title } from '../../components/Typography/Typography';
import { useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { LIMITS } from '../../lib/validation/messages';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import { EmailOnFile } from './EmailOnFile';
import { profileForm as form, profilePageClosed, type WithProfile } from './profileSlice';

/**
 * The answer to a submit: the flow's message (an id, PROFILE_MESSAGES) in the borrower's language,
 * a success above the form, a failure below the field (where the shared FormFailureAlert would show it).
 */
function useAnswer(status: 'succeeded' | 'failed'): string | null {
  const t = useT();
  const message = useAppSelector((state: WithProfile) => {
    const current = form.selectForm(state);
    return current.status === status ? current.serverMessage : null;
  });
  return message ? t(message as MessageId) : null;
}

/** /loanmanager/profile/: the address on file and a form to change it. */
export default function ProfileWidget() {
  const t = useT();
  useFormOpened(form);
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(profilePageClosed()), [dispatch]);
  const onSubmit = useFormSubmit(form);
  const succeeded = useAnswer('succeeded');
  const failed = useAnswer('failed');
  return (
    <AccountCard title={t('profile.title')}>
      <EmailOnFile />
      <Title level={2} style={{ fontSize: 20 }}>
        {t('profile.changeEmail')}
      </Title>
      {succeeded ? (
        <MessageFocus style={{ marginBottom: 16 }}>
          <Alert type="success" showIcon title={succeeded} />
        </MessageFocus>
      ) : null}
      <BoundForm label={t('profile.changeEmail')} onSubmit={onSubmit}>
        <TextField
          form={form}
          field="email_address"
          label={t('profile.newEmail')}
          type="email"
          autoComplete="email"
          maxLength={LIMITS.inputMaximum}
        />
        {failed ? (
          <MessageFocus style={{ marginBottom: 16 }}>
            <Alert type="error" showIcon title={failed} />
          </MessageFocus>
        ) : null}
        <SubmitButton form={form}>{t('profile.changeEmail')}</SubmitButton>
      </BoundForm>
    </AccountCard>
  );
}

import { Alert } from 'antd';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { ReauthPrompt } from '../../components/ReauthDialog/ReauthPrompt';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, SubmitButton } from '../../components/FormFields/FormLayout';
import { MessageFocus } from '../../components/MessageFocus';
import { Title } from '../../components/Typography/Typography';
import { fieldId, useFormOpened, useFormSubmit } from '../../lib/forms/useFormField';
import { LIMITS } from '../../lib/validation/messages';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import { EmailOnFile } from './EmailOnFile';
import { PasskeysSection } from './PasskeysSection';
import { profileActions, profileForm as form, profilePageClosed, selectProfileReauth, type WithProfile } from './profileSlice';

const EMAIL_FIELD_ID = fieldId(form.name, 'email_address');

/** The server refused the address typed (e.g. in use by another account): its reason is on the field. */
const selectAddressRefused = (state: WithProfile) =>
  form.selectForm(state).status === 'failed' && form.selectErrors(state).email_address !== undefined;

/** The password dialog (issue 38), while a change needs it. */
function PasswordAgain({ formRef }: { formRef: RefObject<HTMLDivElement | null> }) {
  const reauth = useAppSelector(selectProfileReauth);
  // Cancel: back to the button that started it; Confirm: to the answer of the change, else the field
  const outcome = reauth?.outcome ?? null;
  const returnFocusTo = useCallback((): HTMLElement | null => {
    const root = formRef.current;
    if (outcome === 'cancelled') return root?.querySelector<HTMLElement>('button[type="submit"]') ?? null;
    return root?.querySelector<HTMLElement>('[data-profile-answer]') ?? document.getElementById(EMAIL_FIELD_ID);
  }, [formRef, outcome]);
  return <ReauthPrompt state={reauth} actions={profileActions} returnFocusTo={returnFocusTo} />;
}

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
  const addressRefused = useAppSelector(selectAddressRefused);
  const formRef = useRef<HTMLDivElement>(null);
  // a refusal of the address: focus on the field, whose error is announced with it
  useEffect(() => {
    if (addressRefused) document.getElementById(EMAIL_FIELD_ID)?.focus();
  }, [addressRefused]);
  return (
    <AccountCard title={t('profile.title')}>
      <EmailOnFile />
      <Title level={2} style={{ fontSize: 20 }}>
        {t('profile.changeEmail')}
      </Title>
      <div ref={formRef}>
        {succeeded ? (
          <MessageFocus style={{ marginBottom: 16 }}>
            <div data-profile-answer tabIndex={-1}>
              <Alert type="success" showIcon title={succeeded} />
            </div>
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
          {failed && !addressRefused ? (
            <MessageFocus style={{ marginBottom: 16 }}>
              <Alert type="error" showIcon title={failed} />
            </MessageFocus>
          ) : null}
          <SubmitButton form={form}>{t('profile.changeEmail')}</SubmitButton>
        </BoundForm>
      </div>
      <PasskeysSection />
      <PasswordAgain formRef={formRef} />
    </AccountCard>
  );
}

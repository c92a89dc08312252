import { Alert, Button, Flex } from 'antd';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { ReauthPrompt } from '../../components/ReauthDialog/ReauthPrompt';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { PASSKEYS_ANCHOR } from '../../lib/portalUrls';
import { TextField } from '../../components/FormFields/BoundFields';
import { AccountCard } from '../../components/AccountCard';
import { BoundForm, SubmitButton } from '../../components/FormFields/FormLayout';
import { MessageFocus } from '../../components/MessageFocus';
import { Paragraph, Text, Title } from '../../components/Typography/Typography';
import { fieldId, useFormMessage, useFormOpened, useFormSubmit } from '../../state/forms/useFormField';
import { LIMITS } from '../../lib/validation/messages';
import { T, useT } from '../../platform/i18n/useT';
import { EmailOnFile } from './EmailOnFile';
import { PasskeysSection } from './PasskeysSection';
import {
  profileActions,
  profileForm as form,
  profilePageClosed,
  selectEmailCheck,
  selectPendingAddress,
  selectPasskeyTask,
  selectProfileReauth,
  type WithProfile,
} from './profileSlice';

const EMAIL_FIELD_ID = fieldId(form.name, 'email_address');

/** The server refused the address typed (e.g. in use by another account): its reason is on the field. */
const selectAddressRefused = (state: WithProfile) =>
  form.selectForm(state).status === 'failed' && form.selectErrors(state).email_address !== undefined;

/** The password dialog (issue 38), while a change needs it. */
function PasswordAgain({ formRef }: { formRef: RefObject<HTMLDivElement | null> }) {
  const reauth = useAppSelector(selectProfileReauth);
  // the same dialog before adding a passkey (issue 49): it says so, and gives the focus back to its button
  const addingPasskey = useAppSelector(selectPasskeyTask)?.status === 'pending';
  // Cancel: back to the button that started it; Confirm: to the answer of the change, else the field
  const outcome = reauth?.outcome ?? null;
  const returnFocusTo = useCallback((): HTMLElement | null => {
    if (addingPasskey) return document.querySelector<HTMLElement>(`#${PASSKEYS_ANCHOR} > form button[type="submit"]`);
    const root = formRef.current;
    if (outcome === 'cancelled') return root?.querySelector<HTMLElement>('button[type="submit"]') ?? null;
    return root?.querySelector<HTMLElement>('[data-profile-answer]') ?? document.getElementById(EMAIL_FIELD_ID);
  }, [formRef, outcome, addingPasskey]);
  return <ReauthPrompt state={reauth} actions={profileActions} returnFocusTo={returnFocusTo} {...(addingPasskey ? { why: 'common.reauth.whyPasskey' as const } : {})} />;
}

/**
 * The new address waiting for its link (issue 47 item 5): named, with the link's lifetime, a resend,
 * and, once the poll finds it verified (the link opened here, in another tab or on a phone), that it
 * is the address on file now.
 */
function PendingAddressNotice() {
  const t = useT();
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectPendingAddress);
  if (!pending) return null;
  const email = <strong />;
  if (pending.status === 'verified') {
    return (
      <MessageFocus style={{ marginBottom: 16 }}>
        <div data-profile-answer tabIndex={-1}>
          <Alert type="success" showIcon role="status" title={<T id="profile.verified" values={{ email: pending.emailAddress }} components={{ 0: email }} />} />
        </div>
      </MessageFocus>
    );
  }
  const hours = pending.linkExpiresInSeconds === null ? null : Math.max(1, Math.round(pending.linkExpiresInSeconds / 3600));
  return (
    <div style={{ marginBottom: 16 }}>
      <MessageFocus style={{ marginBottom: 12 }}>
        <div data-profile-answer tabIndex={-1}>
          <Alert
            type="info"
            showIcon
            title={<T id="profile.verificationSent" values={{ email: pending.emailAddress }} components={{ 0: email }} />}
            description={
              <>
                {hours === null ? null : <Paragraph style={{ marginBottom: 4 }}>{t('profile.linkLifetime', { hours })}</Paragraph>}
                <Paragraph style={{ marginBottom: 0 }}>{t('profile.waiting')}</Paragraph>
              </>
            }
          />
        </div>
      </MessageFocus>
      <Flex gap={8} wrap align="center">
        <Button loading={pending.status === 'resending'} onClick={() => dispatch(profileActions.resendPressed())}>
          {t('profile.sendAgain')}
        </Button>
        <span role="status">
          <Text>
            {pending.status === 'resent' ? <T id="profile.sentAgain" values={{ email: pending.emailAddress }} components={{ 0: email }} /> : null}
            {pending.status === 'resendFailed' ? t('profile.resendFailed') : null}
          </Text>
        </span>
      </Flex>
    </div>
  );
}

/** /loanmanager/profile/: the address on file and a form to change it. */
export default function ProfileWidget() {
  const t = useT();
  useFormOpened(form);
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(profilePageClosed()), [dispatch]);
  const onSubmit = useFormSubmit(form);
  // the answer to a submit (an id, PROFILE_MESSAGES): a success above the form, a failure below the field
  const succeeded = useFormMessage(form, 'succeeded');
  const failed = useFormMessage(form, 'failed');
  const check = useAppSelector(selectEmailCheck);
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
        <PendingAddressNotice />
        <BoundForm label={t('profile.changeEmail')} onSubmit={onSubmit}>
          <TextField
            form={form}
            field="email_address"
            label={t('profile.newEmail')}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.inputMaximum}
            check={{ status: check, checkingHint: t('profile.checkingEmail') }}
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

/** Step 2: the email form (input), the waiting message with Cancel, or the verified message. */
import { Alert, Button, Flex, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { LabelledField } from '../../components/LabelledField/LabelledField';
import { BoundForm } from '../../components/FormFields/FormLayout';
import { Text } from '../../components/Typography/Typography';
import { LIMITS } from '../../lib/validation/messages';
import { T, useT } from '../../platform/i18n/useT';
import { goGreenActions, selectCanSendVerification, selectEmailErrors, selectGoGreen, type WithGoGreen } from './goGreenSlice';

export const EMAIL_FIELD_ID = 'goGreen-email';
/** How long after a verification email "Send the link again" waits: mail can take a minute to arrive. */
export const RESEND_WAIT_SECONDS = 30;

/** Seconds left of a wait that starts over whenever `restartKey` changes. */
function useSecondsLeft(seconds: number, restartKey: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const timer = window.setInterval(() => {
      setLeft((current) => {
        if (current <= 1) window.clearInterval(timer);
        return Math.max(current - 1, 0);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}

/** The waiting view: the spec's text, the address the link went to, Cancel, and sending it again after a wait. */
function WaitingForLink() {
  const t = useT();
  const dispatch = useAppDispatch();
  const address = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationEmail);
  const sending = useAppSelector((state: WithGoGreen) => selectGoGreen(state).sendingVerification);
  const sent = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationsSent);
  const secondsLeft = useSecondsLeft(RESEND_WAIT_SECONDS, sent);
  return (
    <>
      <Alert
        type="info"
        showIcon
        role="status"
        title={t('goGreen.waiting')}
        description={address ? <T id="goGreen.sentTo" values={{ address }} components={{ 0: <strong /> }} /> : undefined}
        style={{ marginBottom: 16 }}
      />
      <Flex gap={8} wrap align="center">
        <Button onClick={() => dispatch(goGreenActions.verificationCancelled())}>{t('goGreen.cancel')}</Button>
        <Button
          disabled={secondsLeft > 0 || !address}
          loading={sending}
          onClick={() => address && dispatch(goGreenActions.verificationEmailRequested({ emailAddress: address }))}
        >
          {t('goGreen.sendAgain')}
        </Button>
        {secondsLeft > 0 ? (
          <Text type="secondary">{t('goGreen.sendAgainIn', { seconds: secondsLeft })}</Text>
        ) : null}
      </Flex>
    </>
  );
}

function EmailAddressField() {
  const t = useT();
  const dispatch = useAppDispatch();
  const value = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailForm.value);
  const check = useAppSelector((state: WithGoGreen) => selectGoGreen(state).emailForm.check);
  const touched = useAppSelector((state: WithGoGreen) => {
    const { emailForm } = selectGoGreen(state);
    return emailForm.touched || emailForm.submitted;
  });
  const error = useAppSelector((state: WithGoGreen) => selectEmailErrors(state).email ?? null);
  // the server's answer is shown as soon as it arrives; the rules' errors after the field is left
  const showStatus = touched || check === 'valid' || check === 'invalid';
  return (
    <LabelledField
      id={EMAIL_FIELD_ID}
      label={t('goGreen.emailLabel')}
      error={error}
      submitted={showStatus}
      required
      hint={check === 'pending' ? t('goGreen.checkingEmail') : undefined}
    >
      <Input
        type="email"
        autoComplete="email"
        maxLength={LIMITS.inputMaximum}
        value={value}
        onChange={(event) => dispatch(goGreenActions.emailChanged(event.target.value))}
        onBlur={() => dispatch(goGreenActions.emailBlurred())}
      />
    </LabelledField>
  );
}

function BackButton({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <Button disabled={disabled} onClick={() => dispatch(goGreenActions.backPressed())}>
      {t('goGreen.back')}
    </Button>
  );
}

export function EmailStep() {
  const t = useT();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationStatus);
  const sending = useAppSelector((state: WithGoGreen) => selectGoGreen(state).sendingVerification);
  const canSend = useAppSelector(selectCanSendVerification);

  if (status === 'waiting') return <WaitingForLink />;
  if (status === 'changed') {
    return (
      <>
        <Alert type="success" showIcon role="status" title={t('goGreen.verified')} style={{ marginBottom: 16 }} />
        <Flex gap={8} wrap>
          <BackButton />
          <Button type="primary" onClick={() => dispatch(goGreenActions.nextPressed())}>
            {t('goGreen.next')}
          </Button>
        </Flex>
      </>
    );
  }
  return (
    <BoundForm
      label={t('goGreen.emailForm')}
      onSubmit={(event) => {
        event.preventDefault();
        dispatch(goGreenActions.emailSubmitted());
      }}
    >
      <EmailAddressField />
      <Flex gap={8} wrap>
        <BackButton disabled={sending} />
        <Button type="primary" htmlType="submit" loading={sending} disabled={!canSend && !sending}>
          {t('goGreen.sendVerification')}
        </Button>
      </Flex>
    </BoundForm>
  );
}

/** Step 2: the email form (input), the waiting message with Cancel, or the verified message. */
import { Alert, Button, Flex, Input } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { hasMeaningfulFocus } from '../../components/focusPageHeading';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { LabelledField } from '../../components/LabelledField/LabelledField';
import { BoundForm } from '../../components/FormFields/FormLayout';
import { Text } from '../../components/Typography/Typography';
import { LIMITS } from '../../lib/validation/messages';
import { T, useT } from '../../platform/i18n/useT';
import {
  goGreenActions,
  selectCanSendVerification,
  selectEmailCheck,
  selectEmailErrors,
  selectGoGreen,
  type WithGoGreen,
} from './goGreenSlice';

export const EMAIL_FIELD_ID = 'goGreen-email';
/** How long after a verification email "Send the link again" waits: mail can take a minute to arrive. */
const RESEND_WAIT_SECONDS = 30;

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

/**
 * Where focus goes when a view of step 2 replaces what the borrower pressed (E6): the view itself,
 * when focus has fallen to <body> (the button pressed is gone), so a keyboard or screen reader
 * user is on what happened, not at the top of the page. Also after `again` changes (the link sent
 * again: the button pressed is disabled for its wait).
 */
function AnswerFocus({ children, again = 0 }: { children: ReactNode; again?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(again);
  useEffect(() => {
    if (!hasMeaningfulFocus()) ref.current?.focus();
  }, []);
  useEffect(() => {
    if (again !== first.current) ref.current?.focus();
  }, [again]);
  return (
    <div ref={ref} tabIndex={-1} data-go-green-answer style={{ marginBottom: 16, outline: 'none' }}>
      {children}
    </div>
  );
}

/** The lifetime the server gave, in whole hours (at least one). */
const hoursOf = (seconds: number) => Math.max(1, Math.round(seconds / 3600));

/**
 * The waiting view: the spec's text (for a new address; for the one on file, the same without
 * "new"), the address the link went to and how long it works, Cancel, and sending it again after a wait.
 */
function WaitingForLink() {
  const t = useT();
  const dispatch = useAppDispatch();
  const address = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationEmail);
  const sending = useAppSelector((state: WithGoGreen) => selectGoGreen(state).sendingVerification);
  const sent = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationsSent);
  const onFile = useAppSelector((state: WithGoGreen) => selectGoGreen(state).intention === 'needsVerification');
  const lifetime = useAppSelector((state: WithGoGreen) => selectGoGreen(state).linkExpiresInSeconds);
  const checkFailing = useAppSelector((state: WithGoGreen) => selectGoGreen(state).verificationCheckFailing);
  const secondsLeft = useSecondsLeft(RESEND_WAIT_SECONDS, sent);
  // the first send is the one the view came with; each later one was "Send the link again"
  const [sentAtOpen] = useState(sent);
  const sentAgain = sent > sentAtOpen;
  return (
    <>
      <AnswerFocus again={sent}>
        <Alert
          type="info"
          showIcon
          role="status"
          // the page's text size: antd draws a title with a description larger (issue 47, item 8)
          styles={{ title: { fontSize: 'inherit' } }}
          title={t(onFile ? 'goGreen.waitingOnFile' : 'goGreen.waiting')}
          description={
            <>
              {address ? (
                <div>
                  <T id={sentAgain ? 'goGreen.sentAgain' : 'goGreen.linkAddress'} values={{ address }} components={{ 0: <strong /> }} />
                </div>
              ) : null}
              {lifetime !== undefined ? <div>{t('goGreen.linkLifetime', { hours: hoursOf(lifetime) })}</div> : null}
            </>
          }
        />
      </AnswerFocus>
      {checkFailing ? (
        // a failed poll: still waiting (the polling carries on and clears this at the next answer)
        <Alert type="warning" showIcon role="status" style={{ marginBottom: 16 }} title={t('goGreen.checkFailing')} />
      ) : null}
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
  const value = useAppSelector((state: WithGoGreen) => selectGoGreen(state).values.email);
  const check = useAppSelector(selectEmailCheck);
  const touched = useAppSelector((state: WithGoGreen) => {
    const form = selectGoGreen(state);
    return form.touched.email === true || form.submitted;
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
        onChange={(event) => dispatch(goGreenActions.fieldChanged({ email: event.target.value }))}
        onBlur={() => dispatch(goGreenActions.fieldBlurred('email'))}
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
  // back from the waiting view (Cancel, whose button is gone): on the address, ready to correct it
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === 'waiting' && status === 'input' && !hasMeaningfulFocus()) {
      document.getElementById(EMAIL_FIELD_ID)?.focus();
    }
    previousStatus.current = status;
  }, [status]);

  if (status === 'waiting') return <WaitingForLink />;
  if (status === 'changed') {
    return (
      <>
        <AnswerFocus>
          <Alert type="success" showIcon role="status" title={t('goGreen.verified')} />
        </AnswerFocus>
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
        dispatch(goGreenActions.submitted());
      }}
    >
      <EmailAddressField />
      <Flex gap={8} wrap>
        <BackButton disabled={sending} />
        <Button type="primary" htmlType="submit" loading={sending} disabled={!canSend && !sending} data-reauth-return>
          {t('goGreen.sendVerification')}
        </Button>
      </Flex>
    </BoundForm>
  );
}

/**
 * The 409 question (spec section 8) in the portal's own dialog. Its own chunk: registration's first
 * view does not carry the dialog. Its phase is in the registration slice and each answer is an
 * action the saga waits for, so time travel and QA replays show the question and the answer.
 */
import { Alert, Button, Flex } from 'antd';
import { useCallback, useEffect, useId, type RefObject } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { PortalLink } from '../../components/PortalLink';
import type { DismissTrigger } from '../../lib/dialogMachine';
import { Paragraph } from '../../components/Typography/Typography';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { PORTAL_URLS } from '../../lib/portalUrls';
import { T, useT } from '../../platform/i18n/useT';
import { registrationActions, selectRecoveryQuestion } from './registrationSlice';

/** Answers a borrower can reach with a finger: at least 44 px tall (WCAG 2.5.5). */
const answerStyle = { minHeight: 44, whiteSpace: 'normal', height: 'auto' } as const;

export default function RecoveryQuestion({ returnFocusTo }: { returnFocusTo(): HTMLElement | null }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const phase = useAppSelector(selectRecoveryQuestion);
  const questionId = useId();
  const decline = useCallback(
    (trigger: DismissTrigger | 'action') => dispatch(registrationActions.recoveryDeclined(trigger)),
    [dispatch],
  );
  const onClosed = useCallback(() => dispatch(registrationActions.recoveryQuestionClosed()), [dispatch]);
  return (
    <Dialog
      phase={phase}
      title={t('registration.questionTitle')}
      describedBy={questionId}
      onCloseRequested={decline}
      onClosed={onClosed}
      returnFocusTo={returnFocusTo}
      footer={
        <Flex gap={8} wrap justify="flex-end">
          <Button style={answerStyle} onClick={() => decline('action')}>
            {t('registration.decline')}
          </Button>
          <Button type="primary" style={answerStyle} onClick={() => dispatch(registrationActions.recoveryAccepted())}>
            {t('registration.accept')}
          </Button>
        </Flex>
      }
    >
      <Paragraph id={questionId} style={{ marginBottom: 0 }}>
        {t('registration.alreadyRegistered')}
      </Paragraph>
    </Dialog>
  );
}

/** Links inside a sentence are told apart by more than colour (WCAG 1.4.1). */
const inTextLink = { textDecoration: 'underline' } as const;

/**
 * After declining to have the username emailed: what to do instead. Focus comes here once the question
 * has closed (whichever of the close animation or its fallback ends it, and however fast this loads).
 */
export function NextSteps({ focusRef }: { focusRef: RefObject<HTMLDivElement | null> }) {
  const questionClosed = useAppSelector(selectRecoveryQuestion) === 'closed';
  useEffect(() => {
    if (questionClosed) focusRef.current?.focus();
  }, [questionClosed, focusRef]);
  return (
    <div ref={focusRef} tabIndex={-1} style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        role="status"
        title={
          <T
            id="registration.nextSteps"
            components={{
              0: <PortalLink href={PORTAL_URLS.login} style={inTextLink} />,
              1: <PortalLink href={PORTAL_URLS.recoverUsername} style={inTextLink} />,
            }}
          />
        }
      />
    </div>
  );
}


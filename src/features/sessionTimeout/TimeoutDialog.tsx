/**
 * The inactivity warning (WCAG 2.2.1), downloaded only once the page knows when its session ends.
 * The countdown is drawn every second but not announced every second: a polite live region says
 * how long is left when the dialog opens, at one minute and at 30 seconds.
 */
import { Alert, Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { Dialog, focusWhenShown, type DialogProps } from '../../components/Dialog/Dialog';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { Paragraph } from '../../components/Typography/Typography';
import type { MessageId, MessageValues } from '../../platform/i18n/messageId';
import { T, useT } from '../../platform/i18n/useT';
import type { SessionTimeoutState } from './sessionTimeoutSlice';

interface Announcement {
  id: MessageId;
  values?: MessageValues;
}

/** What the live region says at each stage: when the dialog opens, then at one minute and at 30 seconds. */
function announcementFor(secondsLeft: number, atOpen: number): Announcement {
  if (secondsLeft <= 30) return { id: 'sessionTimeout.thirtySeconds' };
  if (secondsLeft <= 60) return { id: 'sessionTimeout.oneMinute' };
  return { id: 'sessionTimeout.atOpen', values: { minutes: Math.max(1, Math.round(atOpen / 60)) } };
}

function stageOf(secondsLeft: number): number {
  return secondsLeft <= 30 ? 2 : secondsLeft <= 60 ? 1 : 0;
}

function useSecondsLeft(endsAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * The time left in words ("1 minute and 5 seconds", "28 seconds"), not "1:05" or "28 s": a screen
 * reader reads the units, and no one has to decode a clock (issue 39, item 12).
 */
export function countdownText(seconds: number): Announcement {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return { id: 'sessionTimeout.timeSeconds', values: { seconds: rest } };
  if (rest === 0) return { id: 'sessionTimeout.timeMinutes', values: { minutes } };
  return { id: 'sessionTimeout.timeMinutesSeconds', values: { minutes, seconds: rest } };
}

export interface TimeoutDialogProps extends Pick<DialogProps, 'onCloseRequested' | 'onClosed'> {
  state: SessionTimeoutState & { endsAt: number };
  onStay(): void;
  onSignOut(): void;
}

export default function TimeoutDialog({ state, onStay, onSignOut, onCloseRequested, onClosed }: TimeoutDialogProps) {
  const t = useT();
  const secondsLeft = useSecondsLeft(state.endsAt);
  const [secondsAtOpen] = useState(secondsLeft);
  const stage = stageOf(secondsLeft);
  // set after the dialog is on screen (a live region's first text is not read), then once per stage
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  useEffect(() => {
    setAnnouncement(announcementFor(secondsLeft, secondsAtOpen));
    // only a new stage is announced, not every second
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage, secondsAtOpen]);

  const busy = state.pending !== 'none';
  const countdown = countdownText(secondsLeft);
  return (
    <Dialog
      phase={state.dialog}
      title={t('sessionTimeout.title')}
      closeLabel={t('sessionTimeout.close')}
      onCloseRequested={onCloseRequested}
      onClosed={onClosed}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onSignOut} disabled={busy} loading={state.pending === 'signingOut'}>
            {t('sessionTimeout.signOut')}
          </Button>
          {/* Enter keeps the borrower signed in: the least destructive answer has the focus */}
          <Button ref={focusWhenShown} type="primary" onClick={onStay} disabled={busy} loading={state.pending === 'extending'}>
            {t('sessionTimeout.stay')}
          </Button>
        </Flex>
      }
    >
      <Paragraph>
        <T id="sessionTimeout.countdown" values={{ time: t(countdown.id, countdown.values) }} components={{ 0: <strong /> }} />
      </Paragraph>
      <Paragraph style={{ marginBottom: 0 }}>{t('sessionTimeout.unsaved')}</Paragraph>
      {state.extendFailed ? (
        <Alert type="error" showIcon role="alert" title={t('sessionTimeout.extendFailed')} style={{ marginTop: 16 }} />
      ) : null}
      <div role="status" aria-live="polite" aria-atomic="true">
        <VisuallyHidden>{announcement ? t(announcement.id, announcement.values) : null}</VisuallyHidden>
      </div>
    </Dialog>
  );
}

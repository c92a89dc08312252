/**
 * The inactivity warning (WCAG 2.2.1), downloaded only once the page knows when its session ends.
 * The countdown is drawn every second but not announced every second: a polite live region says
 * how long is left when the dialog opens, at one minute and at 30 seconds.
 */
import { Alert, Button, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Dialog, type DialogProps } from '../../components/Dialog/Dialog';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { SessionTimeoutState } from './sessionTimeoutSlice';

export const TIMEOUT_MESSAGES = {
  title: 'Your session is about to end',
  stay: 'Stay signed in',
  signOut: 'Sign out',
  extendFailed: 'We could not reach the server to keep you signed in. Please try again.',
} as const;

/** What the live region says at each stage: when the dialog opens, then at one minute and at 30 seconds. */
export function announcementFor(secondsLeft: number, atOpen: number): string {
  if (secondsLeft <= 30) return 'You will be signed out in 30 seconds.';
  if (secondsLeft <= 60) return 'You will be signed out in 1 minute.';
  const minutes = Math.max(1, Math.round(atOpen / 60));
  return `You will be signed out in ${minutes} minute${minutes === 1 ? '' : 's'} because you have been inactive. Choose Stay signed in to continue.`;
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

export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface TimeoutDialogProps extends Pick<DialogProps, 'onCloseRequested' | 'onClosed'> {
  state: SessionTimeoutState & { endsAt: number };
  onStay(): void;
  onSignOut(): void;
}

export default function TimeoutDialog({ state, onStay, onSignOut, onCloseRequested, onClosed }: TimeoutDialogProps) {
  const secondsLeft = useSecondsLeft(state.endsAt);
  const [secondsAtOpen] = useState(secondsLeft);
  const stage = stageOf(secondsLeft);
  // set after the dialog is on screen (a live region's first text is not read), then once per stage
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    setAnnouncement(announcementFor(secondsLeft, secondsAtOpen));
    // only a new stage is announced, not every second
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage, secondsAtOpen]);

  const busy = state.pending !== 'none';
  return (
    <Dialog
      phase={state.dialog}
      title={TIMEOUT_MESSAGES.title}
      onCloseRequested={onCloseRequested}
      onClosed={onClosed}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onSignOut} disabled={busy} loading={state.pending === 'signingOut'}>
            {TIMEOUT_MESSAGES.signOut}
          </Button>
          <Button type="primary" onClick={onStay} disabled={busy} loading={state.pending === 'extending'}>
            {TIMEOUT_MESSAGES.stay}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>
        For your security, you will be signed out in <strong>{formatCountdown(secondsLeft)}</strong> because you have been
        inactive.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>Any information you have not saved will be lost.</Typography.Paragraph>
      {state.extendFailed ? <Alert type="error" showIcon role="alert" title={TIMEOUT_MESSAGES.extendFailed} style={{ marginTop: 16 }} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </div>
    </Dialog>
  );
}

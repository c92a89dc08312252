import { Modal } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import {
  DIALOG_CLOSE_FALLBACK_MS,
  DIALOG_DEFAULT_MAX_WIDTH,
  NARROW_LAYOUT_BELOW_PX,
  type CloseReason,
  type DialogPhase,
} from './dialogMachine';

export interface DialogProps {
  /** Owned by the caller's slice, so time travel shows the dialog exactly as it was. */
  phase: DialogPhase;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** No close button, no backdrop click, no Escape: only the dialog's own buttons close it. */
  closingDisabled?: boolean;
  maxWidth?: number;
  /** The caller moves its phase to 'closing' (the machine in dialogMachine.ts decides whether). */
  onCloseRequested(reason: CloseReason): void;
  /** Called once per close, when the animation has ended or its fallback timer has fired. */
  onClosed(): void;
}

export function Dialog({
  phase,
  title,
  children,
  footer = null,
  closingDisabled = false,
  maxWidth = DIALOG_DEFAULT_MAX_WIDTH,
  onCloseRequested,
  onClosed,
}: DialogProps) {
  const narrow = useMediaQuery(`(max-width: ${NARROW_LAYOUT_BELOW_PX - 0.02}px)`);
  const closedReported = useRef(false);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  const reportClosed = () => {
    if (closedReported.current) return;
    closedReported.current = true;
    onClosedRef.current();
  };

  useEffect(() => {
    if (phase === 'open') closedReported.current = false;
    if (phase !== 'closing') return undefined;
    const fallback = window.setTimeout(reportClosed, DIALOG_CLOSE_FALLBACK_MS);
    return () => window.clearTimeout(fallback);
  }, [phase]);

  if (phase === 'closed') return null;

  return (
    <Modal
      open={phase === 'open'}
      title={title}
      footer={footer}
      width={narrow ? '100%' : maxWidth}
      style={narrow ? { top: 8, maxWidth: 'calc(100vw - 16px)', paddingBottom: 8 } : { maxWidth: 'calc(100vw - 32px)' }}
      centered={!narrow}
      closable={!closingDisabled}
      keyboard={!closingDisabled}
      mask={{ closable: !closingDisabled }}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      onCancel={(event) => onCloseRequested(event.type === 'keydown' ? 'escape' : event.currentTarget instanceof HTMLButtonElement ? 'button' : 'backdrop')}
      afterClose={reportClosed}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

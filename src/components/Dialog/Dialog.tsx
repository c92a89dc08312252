import { Modal } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useHoldFlows } from '../../lib/FlowsHoldContext';
import { focusPageHeading, hasMeaningfulFocus } from '../../lib/focusPageHeading';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useT } from '../../platform/i18n/useT';
import {
  DIALOG_ANIMATION_SLACK_MS,
  DIALOG_CLOSE_FALLBACK_MS,
  DIALOG_DEFAULT_MAX_WIDTH,
  NARROW_LAYOUT_BELOW_PX,
  type DialogPhase,
  type DismissTrigger,
} from './dialogMachine';
import { lockPageScroll } from './pageScrollLock';

export interface DialogProps {
  /** Owned by the caller's slice, so time travel shows the dialog exactly as it was. */
  phase: DialogPhase;
  /** The dialog's accessible name. */
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** No close button, no backdrop click, no Escape: only the dialog's own buttons close it. */
  closingDisabled?: boolean;
  maxWidth?: number;
  /** Close button, backdrop or Escape; the caller moves its phase with `nextDialogPhase`. */
  onCloseRequested(trigger: DismissTrigger): void;
  /** Called once per close, when the animation has ended or its fallback timer has fired. */
  onClosed(): void;
  /**
   * Where focus goes once the dialog has closed, when not back to the control that opened it (e.g. a
   * message the answer brought). Null or absent: the opener, or the page heading when the opener
   * cannot take it (it was <body>, or it is gone).
   */
  returnFocusTo?: () => HTMLElement | null;
}

const NARROW_QUERY = `(max-width: ${NARROW_LAYOUT_BELOW_PX - 0.02}px)`;

/** antd's title is a plain div: a heading lets screen reader users jump to the dialog. */
const titleStyle = { margin: 0, font: 'inherit', color: 'inherit' } as const;

/**
 * The dialog fits the viewport: header and actions stay in view and only the body scrolls (a phone
 * never has to scroll the page to reach "Not at this time").
 */
const NARROW_GAP_PX = 8;
const WIDE_GAP_PX = 32;
const fittedStyles = (gap: number) =>
  ({
    container: { display: 'flex', flexDirection: 'column', maxHeight: `calc(100dvh - ${2 * gap}px)` },
    header: { flexShrink: 0 },
    body: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' },
    footer: { flexShrink: 0 },
  }) as const;
const NARROW_STYLES = fittedStyles(NARROW_GAP_PX);
const WIDE_STYLES = fittedStyles(WIDE_GAP_PX);

function triggerOf(event: SyntheticEvent): DismissTrigger {
  if (event.type === 'keydown') return 'escape';
  return event.currentTarget instanceof HTMLButtonElement ? 'closeButton' : 'backdrop';
}

/**
 * Reports the end of the closing phase exactly once: when the close animation ends or, if it
 * never does (a hidden tab, reduced motion, a browser that drops the event), after the fallback.
 * Returns the callback for the animation's end.
 */
export function useCloseFallback(phase: DialogPhase, onClosed: () => void): () => void {
  const reported = useRef(false);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  const reportClosed = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    onClosedRef.current();
  }, []);

  useEffect(() => {
    if (phase !== 'closing') {
      // A new close of the same dialog may report again.
      reported.current = false;
      return undefined;
    }
    const fallback = window.setTimeout(reportClosed, DIALOG_CLOSE_FALLBACK_MS);
    return () => window.clearTimeout(fallback);
  }, [phase, reportClosed]);

  return reportClosed;
}

/**
 * A dialog that opens with the page (the signed-in popups) is the page's largest paint, which
 * Chromium records as the opening animation ends. The page's flows wait until then, plus the spec's
 * slack for a dialog's animation, so their download and evaluation do not delay it
 * (bench/RESULTS.md, section 3). A dialog mounted closed, or opened once the flows run, holds
 * nothing; one whose animation never ends is let go by the store (`FLOWS_HOLD_MAX_MS`). Returns the
 * callback for the opening's end.
 */
function useFlowsHeldWhileOpening(initialPhase: DialogPhase): () => void {
  const holdFlows = useHoldFlows();
  // the first opening only: later phases of the same dialog never hold
  const [mountedOpen] = useState(initialPhase === 'open');
  const release = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    if (!mountedOpen) return undefined;
    const releaseHold = holdFlows();
    let slack = 0;
    release.current = () => {
      window.clearTimeout(slack);
      slack = window.setTimeout(releaseHold, DIALOG_ANIMATION_SLACK_MS);
    };
    return () => {
      window.clearTimeout(slack);
      releaseHold();
    };
  }, [holdFlows, mountedOpen]);
  return useCallback(() => release.current(), []);
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
  returnFocusTo,
}: DialogProps) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_QUERY);
  const onClosedWithFocus = useCallback(() => {
    // antd has given focus back to the opener by now (after the animation); it may have had none to give
    const target = returnFocusTo?.();
    if (target) target.focus();
    else if (!hasMeaningfulFocus() || document.activeElement?.closest('[role="dialog"]')) focusPageHeading();
    onClosed();
  }, [onClosed, returnFocusTo]);
  const reportClosed = useCloseFallback(phase, onClosedWithFocus);
  const releaseFlows = useFlowsHeldWhileOpening(phase);
  const shown = phase !== 'closed';

  useEffect(() => (shown ? lockPageScroll() : undefined), [shown]);

  if (!shown) return null;

  return (
    <Modal
      open={phase === 'open'}
      title={<h2 style={titleStyle}>{title}</h2>}
      footer={footer}
      width={narrow ? '100%' : maxWidth}
      style={
        narrow
          ? { top: NARROW_GAP_PX, maxWidth: `calc(100vw - ${2 * NARROW_GAP_PX}px)`, paddingBottom: 0 }
          : { maxWidth: `calc(100vw - ${WIDE_GAP_PX}px)` }
      }
      styles={narrow ? NARROW_STYLES : WIDE_STYLES}
      centered={!narrow}
      // antd's own label is English ("Close"): the close button is named in the page's language
      closable={closingDisabled ? false : { 'aria-label': t('common.dialog.close') }}
      keyboard={!closingDisabled}
      mask={{ closable: !closingDisabled }}
      // a caller that names where focus goes gets it there, not taken back by antd after the animation
      focusable={{ trap: true, focusTriggerAfterClose: !returnFocusTo }}
      onCancel={(event) => onCloseRequested(triggerOf(event))}
      afterOpenChange={(open) => open && releaseFlows()}
      afterClose={reportClosed}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

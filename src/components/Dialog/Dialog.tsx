import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusPageHeading, hasMeaningfulFocus } from '../focusPageHeading';
import { useMediaQuery } from '../useMediaQuery';
import { useT } from '../../platform/i18n/useT';
import { DIALOG_CLOSE_FALLBACK_MS, REDUCED_MOTION_QUERY } from '../../lib/dialogTiming';
import { DIALOG_DEFAULT_MAX_WIDTH, NARROW_LAYOUT_BELOW_PX, type DialogPhase, type DismissTrigger } from '../../lib/dialogMachine';
import { lockPageScroll } from './pageScrollLock';
import './Dialog.css';

export interface DialogProps {
  /** Owned by the caller's slice, so time travel shows the dialog exactly as it was. */
  phase: DialogPhase;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** The id of the element inside that describes it (a question it asks), read with its name. */
  describedBy?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** No close button, no backdrop click, no Escape: only the dialog's own buttons close it. */
  closingDisabled?: boolean;
  /** The close button's name when "Close" alone would not say what closing does (the timeout warning's ✕
   * keeps the borrower signed in, beside its "Sign out"). Default: common.dialog.close. */
  closeLabel?: string;
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

/**
 * A ref for the control that should have the focus when the dialog is shown (by default, its first:
 * the close button). showModal() focuses an element with the `autofocus` attribute first, and React
 * never writes that attribute (its `autoFocus` focuses on mount, while the dialog is still hidden).
 */
export const focusWhenShown = (control: HTMLElement | null) => control?.setAttribute('autofocus', '');

const NARROW_QUERY = `(max-width: ${NARROW_LAYOUT_BELOW_PX - 0.02}px)`;
/** The keyframes of Dialog.css whose end closes the dialog (its backdrop's fades are not waited for). */
const CLOSING_ANIMATION = 'loanmanager-dialog-zoom-out';

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
 * The browser's modal <dialog>: `showModal()` puts it in the top layer, makes the rest of the page
 * inert (so focus cannot leave it) and moves focus into it. The phase drives it: open shows it,
 * closing runs the close animation with the dialog still modal, and the close itself (focus back,
 * `onClosed`) comes when that animation ends or its fallback fires.
 */
export function Dialog({
  phase,
  title,
  describedBy,
  children,
  footer = null,
  closingDisabled = false,
  closeLabel,
  maxWidth = DIALOG_DEFAULT_MAX_WIDTH,
  onCloseRequested,
  onClosed,
  returnFocusTo,
}: DialogProps) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** What had focus when the dialog opened (null: nothing a borrower put it on). */
  const opener = useRef<HTMLElement | null>(null);
  /** A press that starts inside the dialog and ends on the backdrop (selecting text) is no click on it. */
  const pressStartedOnBackdrop = useRef(false);

  const onClosedWithFocus = useCallback(() => {
    const dialog = dialogRef.current;
    // the borrower already went on (typing in a field while the dialog faded out): focus stays there
    const wentOn = hasMeaningfulFocus() && !dialog?.contains(document.activeElement);
    // browsers differ on where close() puts focus: it is set here, the same everywhere
    if (dialog?.open) dialog.close();
    if (!wentOn) {
      const target = returnFocusTo?.() ?? opener.current;
      if (target?.isConnected) target.focus();
      if (!hasMeaningfulFocus() || dialog?.contains(document.activeElement)) focusPageHeading();
    }
    onClosed();
  }, [onClosed, returnFocusTo]);
  const reportClosed = useCloseFallback(phase, onClosedWithFocus);
  const shown = phase !== 'closed';

  useEffect(() => (shown ? lockPageScroll() : undefined), [shown]);

  // with no animation to wait for, closing is done at once
  useEffect(() => {
    if (reducedMotion && phase === 'closing') reportClosed();
  }, [reducedMotion, phase, reportClosed]);

  // showModal() restyles the whole page (now inert), lays the dialog out and moves focus into it:
  // in a task of its own, that work does not add to the task of React's commit (bench/RESULTS.md,
  // "Main-thread tasks"). Until then the dialog is in the page but not shown.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || phase !== 'open' || dialog.open) return undefined;
    const show = window.setTimeout(() => {
      if (!dialog.isConnected || dialog.open) return;
      opener.current = hasMeaningfulFocus() ? (document.activeElement as HTMLElement) : null;
      dialog.showModal();
    }, 0);
    return () => window.clearTimeout(show);
  }, [phase]);

  if (!shown) return null;

  const requestClose = (trigger: DismissTrigger) => {
    if (!closingDisabled) onCloseRequested(trigger);
  };
  const className = [
    'loanmanager-dialog',
    narrow ? 'loanmanager-dialog-narrow' : '',
    closingDisabled ? '' : 'loanmanager-dialog-closable',
    phase === 'closing' ? 'loanmanager-dialog-closing' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <dialog
      ref={dialogRef}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      style={narrow ? undefined : { width: maxWidth }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        // handled here, so the browser's own cancel (which a dialog that must be answered may not
        // be able to refuse twice in a row) never starts
        event.preventDefault();
        requestClose('escape');
      }}
      onCancel={(event) => {
        // Escape with focus outside the dialog's controls, or a phone's back gesture
        event.preventDefault();
        requestClose('escape');
      }}
      onClose={() => {
        // closed by the browser against our refusal: a dialog still open in its slice stays shown
        const dialog = dialogRef.current;
        if (dialog?.isConnected && !dialog.open && phase === 'open') dialog.showModal();
      }}
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) requestClose('backdrop');
        pressStartedOnBackdrop.current = false;
      }}
      onAnimationEnd={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.animationName === CLOSING_ANIMATION) reportClosed();
      }}
    >
      <div className="loanmanager-dialog-panel">
        {closingDisabled ? null : (
          <button
            type="button"
            className="loanmanager-dialog-close"
            aria-label={closeLabel ?? t('common.dialog.close')}
            onClick={() => requestClose('closeButton')}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
        <div className="loanmanager-dialog-header">
          <h2 id={titleId} className="loanmanager-dialog-title">
            {title}
          </h2>
        </div>
        <div className="loanmanager-dialog-body">{children}</div>
        {footer ? <div className="loanmanager-dialog-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}

/**
 * The dialog's states (spec section 4): open, closing, closed, with animated transitions.
 * A close request is honoured only when closing is allowed for that way of closing; the
 * closing phase ends when the animation ends or, as a fallback, after the animation time
 * plus 100 ms.
 */
export type DialogPhase = 'open' | 'closing' | 'closed';

export type CloseReason = 'button' | 'backdrop' | 'escape';

/** Animation time of the dialog's close transition, in ms (antd's motion duration "slow"). */
export const DIALOG_ANIMATION_MS = 300;
/** Spec section 9: "dialog close fallback is animation time plus 100 ms". */
export const DIALOG_CLOSE_FALLBACK_MS = DIALOG_ANIMATION_MS + 100;
export const DIALOG_DEFAULT_MAX_WIDTH = 560;
/** Spec section 2: "Layout changes below 600px width." */
export const NARROW_LAYOUT_BELOW_PX = 600;

export type DialogEvent =
  | { type: 'opened' }
  | { type: 'closeRequested'; reason: CloseReason; closingDisabled?: boolean }
  | { type: 'closeAnimationEnded' }
  | { type: 'closeFallbackElapsed' };

export function nextDialogPhase(phase: DialogPhase, event: DialogEvent): DialogPhase {
  switch (event.type) {
    case 'opened':
      return 'open';
    case 'closeRequested':
      // An explicit button always works (e.g. "I acknowledge"); other ways only when closing is allowed.
      if (phase !== 'open') return phase;
      if (event.closingDisabled && event.reason !== 'button') return phase;
      return 'closing';
    case 'closeAnimationEnded':
    case 'closeFallbackElapsed':
      return phase === 'closing' ? 'closed' : phase;
    default:
      return phase;
  }
}

/**
 * The dialog's states (spec section 4): open, closing, closed, with animated transitions.
 * The phase lives in the caller's slice and moves only through `nextDialogPhase`, so every
 * dialog follows the same rules and time travel shows each one exactly as it was.
 */
export type DialogPhase = 'open' | 'closing' | 'closed';

/** The ways of closing that the dialog itself offers; `closingDisabled` turns all three off. */
export type DismissTrigger = 'closeButton' | 'backdrop' | 'escape';

/** `action`: one of the dialog's own buttons (e.g. "Ok"), which always closes it. */
export type CloseTrigger = DismissTrigger | 'action';

export const DIALOG_DEFAULT_MAX_WIDTH = 560;
/** Spec section 2: "Layout changes below 600px width." */
export const NARROW_LAYOUT_BELOW_PX = 600;

export type DialogEvent =
  | { type: 'opened' }
  | { type: 'closeRequested'; trigger: CloseTrigger; closingDisabled: boolean }
  /** The close animation ended, or its fallback timer fired: the Dialog reports whichever is first. */
  | { type: 'closeFinished' };

export function nextDialogPhase(phase: DialogPhase, event: DialogEvent): DialogPhase {
  switch (event.type) {
    case 'opened':
      return phase === 'closed' ? 'open' : phase;
    case 'closeRequested':
      if (phase !== 'open') return phase;
      if (event.closingDisabled && event.trigger !== 'action') return phase;
      return 'closing';
    case 'closeFinished':
      return phase === 'closing' ? 'closed' : phase;
  }
}

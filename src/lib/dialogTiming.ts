/**
 * The dialog's timing, a module of its own: the widget shell reads it for the first view's dialog
 * (src/firstView/dialogHold.ts) in every page's first load, without the dialog's state machine.
 */

/** Animation time of the dialog's close transition, in ms (antd's motion duration "slow"). */
export const DIALOG_ANIMATION_MS = 300;
/** The slack the spec gives a dialog's animation (section 9: "animation time plus 100 ms"). */
export const DIALOG_ANIMATION_SLACK_MS = 100;
/** Spec section 9: "dialog close fallback is animation time plus 100 ms". */
export const DIALOG_CLOSE_FALLBACK_MS = DIALOG_ANIMATION_MS + DIALOG_ANIMATION_SLACK_MS;
/** The borrower's system asks for no motion: Dialog.css then runs no zoom or fade. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * A dialog in a widget's first view (the popup a signed-in page opens with) is the page's largest
 * paint: Chromium records it when the dialog's opening animation ends, and Lighthouse counted the
 * flows' download, evaluation and API calls under it (bench/RESULTS.md, "Lighthouse"). So the page's
 * flows wait until that animation has ended, plus the spec's slack for a dialog's animation. An
 * opening with no animation to end (reduced motion, a hidden tab, a dialog gone before it opened)
 * counts as ended after the animation time. A dialog that opens once the first view is up holds
 * nothing. The shared Dialog knows nothing of this: the widget's shell (src/widgets/WidgetShell.tsx)
 * looks for a dialog in the first view it has just committed.
 */
import { DIALOG_ANIMATION_MS, DIALOG_ANIMATION_SLACK_MS, REDUCED_MOTION_QUERY } from '../lib/dialogTiming';

/** Takes a hold on the page's flows and returns its release (the page store's `holdFlows`). */
type HoldFlows = () => () => void;

/**
 * Called as a widget's first view is committed, with the widget's element: a hold on the flows
 * while a dialog of that view opens, or none. Returns the hold's release (idempotent; also what a
 * widget gone meanwhile calls).
 */
export function holdFlowsWhileDialogOpens(container: HTMLElement | undefined, holdFlows: HoldFlows): () => void {
  const dialog = container?.querySelector('dialog');
  if (!dialog) return () => undefined;
  const releaseHold = holdFlows();
  let slack: ReturnType<typeof setTimeout> | undefined;
  const opened = () => {
    dialog.removeEventListener('animationend', onAnimationEnd);
    clearTimeout(fallback);
    slack ??= setTimeout(releaseHold, DIALOG_ANIMATION_SLACK_MS);
  };
  function onAnimationEnd(event: Event) {
    // the dialog's own opening, not an animation of something inside it
    if (event.target === dialog) opened();
  }
  const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
  const fallback = setTimeout(opened, reducedMotion ? 0 : DIALOG_ANIMATION_MS);
  dialog.addEventListener('animationend', onAnimationEnd);
  return () => {
    dialog.removeEventListener('animationend', onAnimationEnd);
    clearTimeout(fallback);
    clearTimeout(slack);
    releaseHold();
  };
}

/**
 * Focus after something replaced what the borrower was on (a new page, a closed dialog): the page
 * heading, so screen readers announce where they are and Tab continues from the top of the content,
 * never from <body>.
 */

/** Whether focus rests on an element a borrower could have put it on (not <body>, not a removed node). */
export function hasMeaningfulFocus(doc: Document = document): boolean {
  const active = doc.activeElement;
  return active !== null && active !== doc.body && active !== doc.documentElement && active.isConnected;
}

/** The first h1 inside `root` (the whole page by default) takes focus; false when there is none. */
export function focusPageHeading(root: ParentNode = document, options: FocusOptions = {}): boolean {
  const heading = root.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  // programmatic focus only: the heading does not join the Tab order
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus(options);
  return heading.ownerDocument.activeElement === heading;
}

/**
 * After a move within the portal: the new page's h1 takes focus as soon as it is on the page (its
 * widget may still be loading), unless the borrower has put focus somewhere in the meantime.
 * Returns the cancel (the next move, or the page going away).
 */
export function focusHeadingWhenShown(timeoutMs = 10_000): () => void {
  const focusedAtMove = document.activeElement;
  const borrowerMovedFocus = () => hasMeaningfulFocus() && document.activeElement !== focusedAtMove;
  const settled = () => borrowerMovedFocus() || focusPageHeading();
  if (settled()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (settled()) stop();
  });
  const timer = window.setTimeout(stop, timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

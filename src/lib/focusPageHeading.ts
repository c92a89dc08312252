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

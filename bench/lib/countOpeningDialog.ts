/**
 * Chromium does not count a popup that opens with the page as its largest contentful paint: the
 * dialog's opening is a compositor animation from opacity 0, and nothing repaints its text when it
 * ends, so the LCP stays the page's own text (bench/RESULTS.md, "Lighthouse"). This init
 * script repaints the dialog's text, unchanged to the eye, once its opening animation has ended, so
 * Chromium records the dialog as the LCP when a borrower sees it whole (as it did with antd's Modal,
 * whose motion repainted it). Measurement only: the portal never carries it.
 */
export const COUNT_THE_OPENING_DIALOG = `{
  let counted = false;
  addEventListener('animationend', (event) => {
    if (counted || !(event.target instanceof HTMLDialogElement) || event.pseudoElement) return;
    counted = true;
    const repaint = document.createElement('style');
    repaint.textContent = 'dialog[open] * { text-shadow: 0 0 0 transparent !important; }';
    document.head.append(repaint);
  }, true);
}`;

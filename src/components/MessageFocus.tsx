import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { hasMeaningfulFocus } from './focusPageHeading';

/** Whether focus rests where the borrower types (a text field, a list): a message does not take it from there. */
function isTypingIn(element: Element | null): boolean {
  return !!element && element.matches('input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select');
}

/**
 * A "done" view replaces a form that was scrolled down: without this the page keeps the old scroll
 * position and the view's heading (and go-green's leaf) is above the screen. The card (the
 * `section` of AccountCard) is scrolled to the top of the screen when its top is out of view.
 */
export function revealCardOf(element: HTMLElement) {
  const card = element.closest('section') ?? element;
  if (card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start' });
}

/**
 * A message that appears in answer to the borrower (a success that replaces the form, a refusal):
 * it takes focus when focus has fallen to <body>, because the button used is gone or was disabled
 * while the request ran. Where the borrower still is (a field after Enter) focus stays.
 * `fromButton`: it also takes focus from the button that sent the form (the submit's answer is this
 * message, and a browser may or may not have dropped focus from the button while it was disabled).
 */
export function MessageFocus({
  children,
  style,
  fromButton = false,
  done = false,
}: {
  children: ReactNode;
  style?: CSSProperties;
  fromButton?: boolean;
  /** A "done" view that replaces a long form: its whole card (heading first) is brought into view. */
  done?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!hasMeaningfulFocus() || (fromButton && !isTypingIn(document.activeElement))) element.focus({ preventScroll: done });
    if (done) revealCardOf(element);
  }, [fromButton, done]);
  return (
    <div ref={ref} tabIndex={-1} style={style}>
      {children}
    </div>
  );
}

import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { hasMeaningfulFocus } from '../lib/focusPageHeading';

/** Whether focus rests where the borrower types (a text field, a list): a message does not take it from there. */
function isTypingIn(element: Element | null): boolean {
  return !!element && element.matches('input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select');
}

/**
 * A message that appears in answer to the borrower (a success that replaces the form, a refusal):
 * it takes focus when focus has fallen to <body>, because the button used is gone or was disabled
 * while the request ran. Where the borrower still is (a field after Enter) focus stays.
 * `fromButton`: it also takes focus from the button that sent the form (the submit's answer is this
 * message, and a browser may or may not have dropped focus from the button while it was disabled).
 */
export function MessageFocus({ children, style, fromButton = false }: { children: ReactNode; style?: CSSProperties; fromButton?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!hasMeaningfulFocus() || (fromButton && !isTypingIn(document.activeElement))) ref.current?.focus({ preventScroll: false });
  }, [fromButton]);
  return (
    <div ref={ref} tabIndex={-1} style={style}>
      {children}
    </div>
  );
}

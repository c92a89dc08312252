import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { hasMeaningfulFocus } from '../lib/focusPageHeading';

/**
 * A message that appears in answer to the borrower (a success that replaces the form, a refusal):
 * it takes focus when focus has fallen to <body>, because the button used is gone or was disabled
 * while the request ran. Where the borrower still is (a field after Enter) focus stays.
 */
export function MessageFocus({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!hasMeaningfulFocus()) ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} style={style}>
      {children}
    </div>
  );
}

/**
 * A line under a form or its answer (the link onward): spaced from what is above, nothing below.
 * A module of its own: a page with no form (verify-email) uses it without antd's Form and Button.
 */
import type { ReactNode } from 'react';
import { Paragraph } from '../Typography/Typography';

const FOOTNOTE_STYLE = { marginTop: 16, marginBottom: 0 };

export function FormFootnote({ children }: { children: ReactNode }) {
  return <Paragraph style={FOOTNOTE_STYLE}>{children}</Paragraph>;
}

import { useId, type CSSProperties, type ReactNode } from 'react';
import { FONT_FAMILY, PALETTE, RADIUS } from '../platform/palette';
import { Title } from './Typography/Typography';

/**
 * The look of antd's borderless Card, without the Card: antd's Card imports its Tabs (for
 * `tabList`), and with them Menu, Dropdown and Overflow, about 18 KiB gzip on every page that
 * draws a card and never a tab (bench/RESULTS.md, "Page weight").
 */
export const CARD_STYLE: CSSProperties = {
  maxWidth: 480,
  margin: '0 auto',
  width: '100%',
  boxSizing: 'border-box',
  padding: 'clamp(16px, 4vw, 24px)',
  background: PALETTE.surface,
  borderRadius: RADIUS.card,
  // antd's boxShadowTertiary, which its borderless Card draws
  boxShadow: '0 1px 2px 0 rgba(0,0,0,0.05), 0 1px 6px -1px rgba(0,0,0,0.03), 0 2px 4px 0 rgba(0,0,0,0.03)',
  color: PALETTE.text,
  fontFamily: FONT_FAMILY,
  fontSize: 16,
  lineHeight: 1.5,
};

const HEADING_STYLE: CSSProperties = { fontSize: 28, marginTop: 0 };

/** The frame of every account page: a region named by its heading, on a white card. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={CARD_STYLE}>
      <Title level={1} id={headingId} style={HEADING_STYLE}>
        {title}
      </Title>
      {children}
    </section>
  );
}

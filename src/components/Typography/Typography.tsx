/**
 * Headings, paragraphs and text with the look of antd's Typography, without its JavaScript:
 * antd's Typography brings its editable and copyable parts (Input, TextArea, Tooltip, Trigger and
 * antd's Form context) to every page that shows a line of text, about 30 KiB gzip that no page
 * runs (bench/RESULTS.md, "Page weight"). The values in Typography.css are antd's, from the portal's
 * theme (src/widgets/theme.test.ts holds them to it).
 */
import type { CSSProperties, ReactNode } from 'react';
import './Typography.css';

const TEXT = 'loanmanager-text';

interface CommonProps {
  children: ReactNode;
  id?: string;
  style?: CSSProperties;
}

export function Title({ level, children, id, style }: CommonProps & { level: 1 | 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading id={id} style={style} className={`${TEXT} loanmanager-title`}>
      {children}
    </Heading>
  );
}

/** A block of text with a paragraph's space under it (a div, as antd's: it may hold any phrasing). */
export function Paragraph({ children, id, style, strong = false }: CommonProps & { strong?: boolean }) {
  return (
    <div id={id} style={style} className={`${TEXT} loanmanager-paragraph`}>
      {strong ? <strong>{children}</strong> : children}
    </div>
  );
}

export function Text({ children, strong = false, type }: { children: ReactNode; strong?: boolean; type?: 'secondary' }) {
  return (
    <span className={type === 'secondary' ? `${TEXT} loanmanager-text-secondary` : TEXT}>{strong ? <strong>{children}</strong> : children}</span>
  );
}

/**
 * The QA toolbar, shown only while the session is recorded: a small labelled region with the
 * download button and its shortcut. On a wide screen it floats in the bottom corner; below 600 px
 * (the portal's narrow layout) a fixed box would cover the form, so it shrinks to the button and
 * sits in the page flow at the end of the page (its element is the body's last), over nothing.
 * Either way the button is in the tab order and Alt+Shift+D downloads from anywhere.
 */
import { Button } from 'antd';
import { useState, type CSSProperties } from 'react';
import { DOWNLOAD_SHORTCUT } from '../../app/recorder/recorderControls';
import { useMediaQuery } from '../../components/useMediaQuery';
import { QA_PALETTE } from './qaPalette';

export interface RecorderToolbarProps {
  /** Saves the recording; returns the file name. */
  onDownload(): string;
}

const boxStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '4px 8px',
  fontSize: 12,
  lineHeight: 1.4,
  color: QA_PALETTE.text,
  background: QA_PALETTE.background,
  border: `1px solid ${QA_PALETTE.border}`,
  borderRadius: 6,
};

/** Wide screens: floating in the bottom corner, above the host page. */
const floatingStyle: CSSProperties = {
  ...boxStyle,
  position: 'fixed',
  insetInlineStart: 8,
  insetBlockEnd: 8,
  zIndex: 2147483000,
  maxWidth: 'calc(100vw - 16px)',
  boxShadow: `0 2px 8px ${QA_PALETTE.shadow}`,
};

/** Narrow screens: a line of its own after the page's content, so it covers no field. */
const inFlowStyle: CSSProperties = {
  ...boxStyle,
  // relative, not fixed: it stays in the flow and holds its visually hidden texts
  position: 'relative',
  width: 'fit-content',
  maxWidth: 'calc(100% - 16px)',
  margin: 8,
};

const dotStyle: CSSProperties = { width: 8, height: 8, borderRadius: '50%', background: QA_PALETTE.recordingDot, flex: 'none' };
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export default function RecorderToolbar({ onDownload }: RecorderToolbarProps) {
  const wide = useMediaQuery('(min-width: 600px)');
  const [saved, setSaved] = useState('');
  return (
    <section aria-label="QA recording" style={wide ? floatingStyle : inFlowStyle}>
      <span aria-hidden="true" style={dotStyle} />
      <span style={wide ? undefined : visuallyHidden}>Recording</span>
      <Button size="small" aria-keyshortcuts={DOWNLOAD_SHORTCUT.ariaKeyShortcuts} onClick={() => setSaved(onDownload())}>
        Download recording
      </Button>
      {wide ? <kbd style={{ fontSize: 11 }}>{DOWNLOAD_SHORTCUT.label}</kbd> : null}
      <span role="status" style={visuallyHidden}>
        {saved ? `Recording saved as ${saved}` : ''}
      </span>
    </section>
  );
}

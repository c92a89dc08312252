/**
 * The QA tools' colours (the recording toolbar, the replay page's action list), beside the
 * portal's palette (src/platform/palette.ts) but apart from it, so no borrower's first load carries them.
 */
import { PALETTE } from '../../platform/palette';

export const QA_PALETTE = {
  text: '#1f1f1f',
  background: 'rgba(255, 255, 255, 0.96)',
  border: '#8c8c8c',
  shadow: 'rgba(0, 0, 0, 0.15)',
  recordingDot: PALETTE.error,
  listBorder: '#d9d9d9',
  currentText: '#ffffff',
  currentBackground: '#0b5cad',
} as const;

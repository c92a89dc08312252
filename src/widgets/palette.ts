/**
 * Every colour the portal names, in one place: the antd theme (theme.ts) builds its tokens from
 * these, and the few things antd does not draw use them directly: the loader's error box (shown
 * before antd loads) and the QA tools. No imports: the loader's own chunk holds it.
 */
export const PALETTE = {
  primary: '#1f5c99',
  /** antd's derived hover is lighter (#5d8db3, 3.5:1 on white): a hovered link must stay readable */
  linkHover: '#113f73',
  success: '#1e7a3a',
  successText: '#1e6b34',
  error: '#b42318',
  warning: '#8a5300',
  warningText: '#7a4a00',
  /** QA tools: the recording toolbar and the replay page's action list */
  qaText: '#1f1f1f',
  qaBackground: 'rgba(255, 255, 255, 0.96)',
  qaBorder: '#8c8c8c',
  qaShadow: 'rgba(0, 0, 0, 0.15)',
  qaListBorder: '#d9d9d9',
  qaCurrentText: '#ffffff',
  qaCurrentBackground: '#0b5cad',
} as const;

/**
 * The portal's colours, in one place: the antd theme (theme.ts) builds its tokens from these.
 * The QA tools' own colours are in qa/qaPalette.ts (they ship only with the QA tools), and the
 * loader's error box, drawn before any of this loads, repeats `error` as a literal.
 */
export const PALETTE = {
  primary: '#1f5c99',
  /** antd's derived hover is lighter (#5d8db3, 3.5:1 on white): a hovered link must stay readable */
  linkHover: '#113f73',
  success: '#1e7a3a',
  successText: '#1e6b34',
  error: '#b42318',
  /** focus rings and outlines: 6.8:1 on white, well over the 3:1 WCAG 2.2 asks of a focus indicator */
  focus: '#1f5c99',
  warning: '#8a5300',
  warningText: '#7a4a00',
} as const;

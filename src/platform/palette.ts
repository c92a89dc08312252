/**
 * The portal's look, in one place: the antd theme (src/widgets/theme.ts) builds its tokens from
 * these, and the server's pages (server/pages/html.ts) their stylesheet, so widgets and pages speak one
 * visual language. The QA tools' own colours are in widgets/qa/qaPalette.ts (they ship only with
 * the QA tools), and the loader's error box, drawn before any of this loads, repeats `error` as a
 * literal. Every text colour passes 4.5:1 on its background (src/widgets/theme.test.ts).
 */
export const PALETTE = {
  primary: '#1f5c99',
  /** antd's derived hover is lighter (#5d8db3, 3.5:1 on white): a hovered link must stay readable */
  linkHover: '#113f73',
  /** the page header: white text on it reads at 10.9:1 */
  header: '#113f73',
  text: '#1f1f1f',
  textSecondary: '#545454',
  /** control borders: 3:1 on white, as WCAG asks of the edge of an input */
  controlBorder: '#8c8c8c',
  /** lines that only separate (cards, tables, the footer) */
  divider: '#d9d9d9',
  surface: '#ffffff',
  pageBackground: '#f5f7fa',
  success: '#1e7a3a',
  successText: '#1e6b34',
  successBackground: '#edf7ef',
  successBorder: '#8cc79d',
  info: '#1f5c99',
  infoBackground: '#eaf2fb',
  infoBorder: '#94b8e0',
  error: '#b42318',
  errorBackground: '#fdeeec',
  errorBorder: '#eea49c',
  /** focus rings and outlines: 6.8:1 on white, well over the 3:1 WCAG 2.2 asks of a focus indicator */
  focus: '#1f5c99',
  warning: '#8a5300',
  warningText: '#7a4a00',
  warningBackground: '#fff6e5',
  warningBorder: '#e8bf6a',
} as const;

/** antd's own stack, named once so the server's pages use the very same fonts as the widgets. */
export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/** Corner radii of controls and of cards, as antd draws them. */
export const RADIUS = { control: 6, card: 8 } as const;

/** The height of buttons and inputs, and the least height of any other touch target: 44 px, as the
 * platform guidelines of phones ask. */
export const TOUCH_TARGET_PX = 44;

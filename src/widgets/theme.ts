import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { FONT_FAMILY, PALETTE, RADIUS, TOUCH_TARGET_PX } from '../platform/palette';

/**
 * The portal's antd theme. antd's default secondary and placeholder greys, and its default
 * blue on white, fall under 4.5:1; every text colour here passes WCAG AA (checked by axe in e2e).
 */
const PORTAL_TOKENS = {
  colorPrimary: PALETTE.primary,
  colorLink: PALETTE.primary,
  colorLinkHover: PALETTE.linkHover,
  colorSuccess: PALETTE.success,
  colorError: PALETTE.error,
  colorWarning: PALETTE.warning,
  colorInfo: PALETTE.primary,
  colorText: PALETTE.text,
  colorTextSecondary: PALETTE.textSecondary,
  colorTextTertiary: 'rgba(0, 0, 0, 0.66)',
  colorTextDescription: 'rgba(0, 0, 0, 0.66)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorTextQuaternary: 'rgba(0, 0, 0, 0.6)',
  colorTextLabel: 'rgba(0, 0, 0, 0.7)',
  colorSuccessText: PALETTE.successText,
  colorErrorText: PALETTE.error,
  colorWarningText: PALETTE.warningText,
  // Focus: antd's default rings are tints of the primary (≈1.9:1 on white, and a 10 % shadow on
  // inputs). A solid ring of the focus colour, 3 px around buttons and radios and 2 px around
  // inputs (beside their 1 px border), is visible to everyone.
  colorPrimaryBorder: PALETTE.focus,
  controlOutline: PALETTE.focus,
  colorErrorOutline: PALETTE.error,
  controlOutlineWidth: 2,
  lineWidthFocus: 3,
  // Alerts: antd derives their fills from the seed colours above, which gives dark seeds greyish
  // tints; each kind gets a clear hue of its own, with a border a shade darker.
  colorSuccessBg: PALETTE.successBackground,
  colorSuccessBorder: PALETTE.successBorder,
  colorInfoBg: PALETTE.infoBackground,
  colorInfoBorder: PALETTE.infoBorder,
  colorErrorBg: PALETTE.errorBackground,
  colorErrorBorder: PALETTE.errorBorder,
  colorWarningBg: PALETTE.warningBackground,
  colorWarningBorder: PALETTE.warningBorder,
  // an input's edge at 3:1 (antd's #d9d9d9 is 1.4:1); separators stay light
  colorBorder: PALETTE.controlBorder,
  colorBorderSecondary: PALETTE.divider,
  colorBgLayout: PALETTE.pageBackground,
  fontFamily: FONT_FAMILY,
  borderRadius: RADIUS.control,
  borderRadiusLG: RADIUS.card,
  fontSize: 16,
  controlHeight: TOUCH_TARGET_PX,
} satisfies ThemeConfig['token'];

export const portalTheme: ThemeConfig = {
  cssVar: { key: 'lm' },
  token: PORTAL_TOKENS,
  components: {
    // an error line fills antd's 24 px gap below a field exactly, so it touched the next label
    Form: { itemMarginBottom: 32 },
  },
};

/** antd classes carry this prefix inside widgets, so a host page's own antd never clashes. */
export const PORTAL_PREFIX_CLS = 'lm';

/**
 * The widgets' antd configuration (WidgetShell.tsx): the prefix, and the theme without runtime
 * component styles, which come as CSS files rendered from `portalTheme` at build time
 * (scripts/antdCss). The design token, as CSS variables, is still antd's at runtime, served from
 * src/firstView/portalTokenCache.json (portalStyleCache.ts).
 */
export const PORTAL_ANTD_CONFIG = {
  prefixCls: PORTAL_PREFIX_CLS,
  iconPrefixCls: `${PORTAL_PREFIX_CLS}-icon`,
  theme: { ...portalTheme, zeroRuntime: true },
} satisfies ConfigProviderProps;

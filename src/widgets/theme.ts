import type { ThemeConfig } from 'antd';
import { PALETTE } from './palette';

/**
 * The portal's antd theme. antd's default secondary and placeholder greys, and its default
 * blue on white, fall under 4.5:1; every text colour here passes WCAG AA (checked by axe in e2e).
 */
export const portalTheme: ThemeConfig = {
  cssVar: { key: 'lm' },
  token: {
    colorPrimary: PALETTE.primary,
    colorLink: PALETTE.primary,
    colorLinkHover: PALETTE.linkHover,
    colorSuccess: PALETTE.success,
    colorError: PALETTE.error,
    colorWarning: PALETTE.warning,
    colorInfo: PALETTE.primary,
    colorText: 'rgba(0, 0, 0, 0.88)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.7)',
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
    borderRadius: 6,
    fontSize: 16,
  },
};

/** antd classes carry this prefix inside widgets, so a host page's own antd never clashes. */
export const PORTAL_PREFIX_CLS = 'lm';

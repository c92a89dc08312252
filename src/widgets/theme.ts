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
    borderRadius: 6,
    fontSize: 16,
  },
};

/** antd classes carry this prefix inside widgets, so a host page's own antd never clashes. */
export const PORTAL_PREFIX_CLS = 'lm';

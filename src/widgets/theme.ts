import type { ThemeConfig } from 'antd';

/**
 * The portal's antd theme. antd's default secondary and placeholder greys, and its default
 * blue on white, fall under 4.5:1; every text colour here passes WCAG AA (checked by axe in e2e).
 */
export const portalTheme: ThemeConfig = {
  cssVar: { key: 'lm' },
  token: {
    colorPrimary: '#1f5c99',
    colorLink: '#1f5c99',
    // antd's derived hover is lighter (#5d8db3, 3.5:1 on white): a hovered link must stay readable
    colorLinkHover: '#113f73',
    colorSuccess: '#1e7a3a',
    colorError: '#b42318',
    colorWarning: '#8a5300',
    colorInfo: '#1f5c99',
    colorText: 'rgba(0, 0, 0, 0.88)',
    colorTextSecondary: 'rgba(0, 0, 0, 0.7)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.66)',
    colorTextDescription: 'rgba(0, 0, 0, 0.66)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.6)',
    colorTextLabel: 'rgba(0, 0, 0, 0.7)',
    colorSuccessText: '#1e6b34',
    colorErrorText: '#b42318',
    colorWarningText: '#7a4a00',
    borderRadius: 6,
    fontSize: 16,
  },
};

/** antd classes carry this prefix inside widgets, so a host page's own antd never clashes. */
export const PORTAL_PREFIX_CLS = 'lm';

import { FastColor } from '@ant-design/fast-color';
import fs from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { CARD_STYLE } from '../components/AccountCard';
import { DIALOG_ANIMATION_MS } from '../lib/dialogTiming';
import { FONT_FAMILY, PALETTE, TOUCH_TARGET_PX } from '../platform/palette';
import { portalTheme } from './theme';

/** WCAG 2 contrast ratio of a (possibly translucent) text colour on an opaque background. */
function contrast(text: string, background: string): number {
  const opaque = new FastColor(text).onBackground(background);
  const [lighter, darker] = [opaque.getLuminance(), new FastColor(background).getLuminance()].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A stylesheet of src/components as { selector: { property: value } } (rules inside @media and @keyframes included). */
function rules(file = 'Typography/Typography.css'): Record<string, Record<string, string>> {
  const css = fs.readFileSync(path.join(__dirname, '../components', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const out: Record<string, Record<string, string>> = {};
  for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations: Record<string, string> = {};
    for (const declaration of (body ?? '').split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).replace(/\s+/g, ' ').trim();
    }
    out[(selector ?? '').trim().replace(/\s+/g, ' ')] = declarations;
  }
  return out;
}

describe('the portal theme', () => {
  const token = theme.getDesignToken(portalTheme);

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#5d8db3', '#ffffff')).toBeLessThan(4.5);
  });

  // every text colour antd draws on a white card, in every state a borrower can put it in
  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorTextLabel',
    'colorLink',
    'colorLinkHover',
    'colorLinkActive',
    'colorErrorText',
    'colorSuccessText',
    'colorWarningText',
  ] as const)('%s passes 4.5:1 on white', (name) => {
    expect(contrast(token[name], token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  // WCAG 2.2 (1.4.11, 2.4.13): a focus indicator at least 3:1 against what surrounds it, and thick enough to see
  it.each(['colorPrimaryBorder', 'controlOutline', 'colorErrorOutline'] as const)(
    'the focus colour %s passes 3:1 on white',
    (name) => {
      expect(contrast(token[name], token.colorBgContainer)).toBeGreaterThanOrEqual(3);
    },
  );

  it('focus rings are at least 2 px: 3 px outlines around buttons and radios, 2 px rings around inputs', () => {
    expect(token.lineWidthFocus).toBeGreaterThanOrEqual(3);
    expect(token.controlOutlineWidth).toBeGreaterThanOrEqual(2);
  });

  // alerts were measured as muddy grey (rgb(175,186,176) and the like): each kind has a clear hue
  it.each([
    ['success', 'colorSuccessBg', 'colorSuccessText'],
    ['info', 'colorInfoBg', 'colorText'],
    ['warning', 'colorWarningBg', 'colorWarningText'],
    ['error', 'colorErrorBg', 'colorErrorText'],
  ] as const)('a %s alert has a tinted fill, not grey, and its text passes 4.5:1 on it', (_kind, fill, text) => {
    const { s, l } = new FastColor(token[fill]).toHsl();
    expect(s).toBeGreaterThanOrEqual(0.3); // the grey measured before: 0.07
    expect(l).toBeGreaterThanOrEqual(0.9);
    expect(contrast(token[text], token[fill])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorText, token[fill])).toBeGreaterThanOrEqual(4.5);
  });

  it('an input edge passes 3:1 on white (WCAG 1.4.11)', () => {
    expect(contrast(token.colorBorder, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
  });

  it('buttons and inputs are touch targets of 44 px', () => {
    expect(token.controlHeight).toBe(TOUCH_TARGET_PX);
    expect(TOUCH_TARGET_PX).toBeGreaterThanOrEqual(44);
  });

  it('the header, where the server pages draw white text, passes 4.5:1', () => {
    expect(contrast('#ffffff', PALETTE.header)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(PALETTE.textSecondary, PALETTE.pageBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(PALETTE.primary, PALETTE.pageBackground)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'] as const)(
    'white text on a primary button (%s) passes 4.5:1',
    (name) => {
      expect(contrast(token.colorTextLightSolid, token[name])).toBeGreaterThanOrEqual(4.5);
    },
  );
});

// our stand-ins for antd's Card, Typography and Modal (src/components) draw with the theme's values
describe('the portal theme in our own components', () => {
  const token = theme.getDesignToken(portalTheme);

  it('Typography.css has antd’s Typography values', () => {
    const css = rules();
    const text = css['.loanmanager-text.loanmanager-text'];
    expect(text).toMatchObject({
      color: token.colorText,
      'font-size': `${token.fontSize}px`,
      'line-height': String(token.lineHeight),
      'font-family': FONT_FAMILY,
    });
    expect(token.fontFamily).toBe(FONT_FAMILY);
    expect(css['.loanmanager-text.loanmanager-text strong']).toEqual({ 'font-weight': String(token.fontWeightStrong) });
    expect(css['.loanmanager-text-secondary.loanmanager-text-secondary']).toEqual({ color: token.colorTextDescription });
    expect(css['.loanmanager-title.loanmanager-title']).toMatchObject({
      color: token.colorTextHeading,
      'font-weight': String(token.fontWeightStrong),
    });
    expect(css['.loanmanager-text.loanmanager-text a']).toEqual({ color: token.colorLink, 'text-decoration': 'underline' });
    expect(css['.loanmanager-text.loanmanager-text a:hover']).toEqual({ color: token.colorLinkHover });
    expect(css['.loanmanager-text.loanmanager-text a:focus-visible']).toEqual({
      outline: `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`,
      'outline-offset': '1px',
    });
    for (const level of [1, 2, 3, 4, 5] as const) {
      expect(css[`h${level}.loanmanager-title.loanmanager-title`]).toEqual({
        'font-size': `${token[`fontSizeHeading${level}`]}px`,
        'line-height': String(token[`lineHeightHeading${level}`]),
      });
    }
  });

  it('Dialog.css has antd’s Modal values', () => {
    const css = rules('Dialog/Dialog.css');
    const plain = (value: string | undefined) => value?.replace(/\s+/g, '');
    const dialog = css['.loanmanager-dialog.loanmanager-dialog'] ?? {};
    expect(dialog).toMatchObject({
      background: token.colorBgElevated,
      color: token.colorText,
      'font-size': `${token.fontSize}px`,
      'line-height': String(token.lineHeight),
      'font-family': FONT_FAMILY,
      'border-radius': `${token.borderRadiusLG}px`,
    });
    expect(plain(dialog['box-shadow'])).toBe(plain(token.boxShadow));
    expect(plain(css['.loanmanager-dialog.loanmanager-dialog::backdrop']?.background)).toBe(plain(token.colorBgMask));
    // the scroll shadows' covers are the dialog's own background, or they would show as bands
    const covers = css['.loanmanager-dialog-body.loanmanager-dialog-body']?.background?.match(/#[0-9a-f]{6}/gi);
    expect(covers).toEqual([token.colorBgElevated, token.colorBgElevated]);
    expect(css['.loanmanager-dialog-panel.loanmanager-dialog-panel']).toMatchObject({
      padding: `${token.paddingMD}px ${token.paddingContentHorizontalLG}px`,
    });
    expect(css['.loanmanager-dialog-title.loanmanager-dialog-title']).toMatchObject({
      color: token.colorTextHeading,
      'font-size': `${token.fontSizeHeading5}px`,
      'font-weight': String(token.fontWeightStrong),
    });
    const close = css['.loanmanager-dialog-close.loanmanager-dialog-close'] ?? {};
    expect(close).toMatchObject({
      width: `${token.controlHeight}px`,
      height: `${token.controlHeight}px`,
      'border-radius': `${token.borderRadiusSM}px`,
      color: token.colorIcon,
      'font-size': `${token.fontSizeLG}px`,
    });
    const hover = css['.loanmanager-dialog-close.loanmanager-dialog-close:hover'] ?? {};
    expect(hover.color).toBe(token.colorIconHover);
    expect(plain(hover['background-color'])).toBe(plain(token.colorBgTextHover));
    expect(plain(css['.loanmanager-dialog-close.loanmanager-dialog-close:active']?.['background-color'])).toBe(plain(token.colorBgTextActive));
    expect(css['.loanmanager-dialog-close.loanmanager-dialog-close:focus-visible']).toEqual({
      outline: `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}`,
      'outline-offset': '1px',
    });
    // the zoom of antd's Modal: its slow motion, eased as antd eases it
    expect(css['.loanmanager-dialog.loanmanager-dialog[open]']?.animation).toBe(
      `loanmanager-dialog-zoom-in ${token.motionDurationSlow} ${token.motionEaseOutCirc}`,
    );
    expect(css['.loanmanager-dialog.loanmanager-dialog-closing[open]']?.animation).toBe(
      `loanmanager-dialog-zoom-out ${token.motionDurationSlow} ${token.motionEaseInOutCirc} forwards`,
    );
    expect(Number.parseFloat(token.motionDurationSlow) * 1000).toBe(DIALOG_ANIMATION_MS);
    // and what the close button's colour is for: 4.5:1 on the dialog
    expect(contrast(token.colorIcon, token.colorBgElevated)).toBeGreaterThanOrEqual(4.5);
  });

  it('AccountCard looks as antd’s borderless Card does with it', () => {
    expect(CARD_STYLE).toMatchObject({
      background: token.colorBgContainer,
      borderRadius: token.borderRadiusLG,
      color: token.colorText,
      fontFamily: token.fontFamily,
      fontSize: token.fontSize,
      lineHeight: token.lineHeight,
      boxShadow: token.boxShadowTertiary.replace(/\s+/g, ' ').trim(),
    });
  });
});

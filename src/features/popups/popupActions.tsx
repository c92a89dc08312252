/**
 * The controls the popups share. Declining is an action (a button that looks like a link);
 * going somewhere is a real link through the navigation service.
 */
import { Button, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { PortalLink } from '../../components/PortalLink';
import { TOUCH_TARGET_PX } from '../../platform/palette';

/** Every popup action is a target a finger hits: at least 44 px tall (WCAG 2.5.5). */
export { TOUCH_TARGET_PX };

/**
 * Long labels wrap on a phone (or in the 300 px verify-email popup) instead of overflowing the
 * dialog, with the page's line height: antd's buttons set `normal` (about 1.15), which packs two
 * lines tightly.
 */
const wrappingButton: CSSProperties = { whiteSpace: 'normal', height: 'auto', minHeight: TOUCH_TARGET_PX, textAlign: 'center', lineHeight: 1.5 };

/** Room above and below a primary button's label, so a wrapped label does not touch its edges. */
const PRIMARY_PADDING_BLOCK_PX = 8;

export function DeclineButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <Button type="link" onClick={onClick} style={{ ...wrappingButton, paddingInline: 0 }}>
      {children}
    </Button>
  );
}

export function PrimaryButton({ onClick, children, block = false }: { onClick(): void; children: ReactNode; block?: boolean }) {
  return (
    <Button type="primary" onClick={onClick} block={block} style={{ ...wrappingButton, paddingBlock: PRIMARY_PADDING_BLOCK_PX }}>
      {children}
    </Button>
  );
}

/** The popup's call to action: a link, drawn like a primary button. */
export function CallToActionLink({ href, children }: { href: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <PortalLink
      href={href}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        minHeight: TOUCH_TARGET_PX,
        padding: `${token.paddingXS}px ${token.padding}px`,
        borderRadius: token.borderRadius,
        background: token.colorPrimary,
        color: token.colorTextLightSolid,
        fontWeight: token.fontWeightStrong,
        textDecoration: 'none',
      }}
    >
      {children}
    </PortalLink>
  );
}

import type { AnchorHTMLAttributes, CSSProperties, MouseEvent } from 'react';
import { useNavigation } from './NavigationContext';
import { TOUCH_TARGET_PX } from '../platform/palette';

/** A link on a line of its own is a touch target: 44 px high, like the buttons. */
const STANDALONE: CSSProperties = { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_TARGET_PX };

/**
 * A real link (it works without script, opens in a new tab, reads as a link) whose plain
 * click goes through the navigation service: a router navigation inside the portal,
 * a page load elsewhere.
 */
export function PortalLink({
  href,
  onClick,
  standalone = false,
  style,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; standalone?: boolean }) {
  const navigation = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigation.navigate(href);
  };
  return <a href={href} onClick={handleClick} style={standalone ? { ...STANDALONE, ...style } : style} {...rest} />;
}

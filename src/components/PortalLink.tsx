import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigation } from '../lib/NavigationContext';

/**
 * A real link (it works without script, opens in a new tab, reads as a link) whose plain
 * click goes through the navigation service: a router navigation inside the portal,
 * a page load elsewhere.
 */
export function PortalLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigation = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigation.navigate(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}

/**
 * Whether this page may offer passkeys at all (issue 49), without @simplewebauthn/browser: the
 * popups widget, which shows the landing page's offer of a passkey, takes this alone.
 */
import type { PortalConfig } from '../platform/config';

/** WebAuthn refuses an IP address as the site (its relying party): the password path only there. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** The servicer's server offers passkeys, the browser has WebAuthn, and the page is on a named host. */
export function passkeysUsable(config: Pick<PortalConfig, 'passkeys'>): boolean {
  return (
    config.passkeys &&
    typeof window !== 'undefined' &&
    typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function' &&
    !IP_HOST.test(window.location.hostname)
  );
}

import { useEffect, useState } from 'react';
import { usePortalConfig } from '../state/hooks';
import { passkeysUsable } from '../lib/passkeysUsable';

/**
 * Whether this page offers passkeys (the config's `passkeys`, WebAuthn in the browser, a named
 * host): false on the server's first view and until the page has run, so the first view and its
 * hydration agree; without WebAuthn it stays false and only the password path shows.
 */
export function usePasskeysUsable(): boolean {
  const config = usePortalConfig();
  const [usable, setUsable] = useState(false);
  useEffect(() => setUsable(passkeysUsable(config)), [config]);
  return usable;
}

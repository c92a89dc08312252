/**
 * The landing page's offer of a passkey (issue 49): the server draws it hidden at the top of the page
 * (server/routes/passkeyOffer.ts) when one is due; the popups widget, on that page, shows it where
 * this browser can use passkeys. Nothing is focused or announced: it is a notice beside what the
 * borrower came for, never in its way.
 */
import { passkeysUsable } from '../../lib/passkeysUsable';
import type { PortalConfig } from '../../platform/config';
import { PASSKEY_OFFER_ATTRIBUTE } from '../../platform/renderProtocol';

export function showPasskeyOfferWhereUsable(config: Pick<PortalConfig, 'passkeys'>) {
  const offer = document.querySelector<HTMLElement>(`[${PASSKEY_OFFER_ATTRIBUTE}]`);
  if (offer && passkeysUsable(config)) offer.hidden = false;
}

/**
 * The popups this client knows how to show, read from the server's loosely typed items
 * (spec section 3). Anything else is skipped: the server may know popups this build does not.
 */
import type { PopupItem } from '../../api/schemas';
import { isPopupSubType, type PopupSubType } from '../../api/popupKinds';

/** The offer popup's layouts: the sub types the contract accepts (src/api/popupKinds.ts). */
export type OfferSubType = PopupSubType;

export type Popup =
  | { id: 'go-green-auto-pay'; subType: OfferSubType }
  | { id: 'tax-reminder'; taxYear: number }
  | { id: 'tfa-verify-email'; email: string };

export type PopupId = Popup['id'];

/** Why a popup was closed; `dismissed` is the dialog's own close button, backdrop or Escape. */
export type PopupCloseReason = 'dont-show-again' | 'ok' | 'acknowledged' | 'declined' | 'dismissed';

export type ReadPopupResult = { ok: true; popup: Popup } | { ok: false; problem: string };

const TAX_YEAR = /^\d{4}$/;

export function readPopup(item: PopupItem): ReadPopupResult {
  switch (item.id) {
    case 'go-green-auto-pay': {
      const subType = item.sub_type;
      return isPopupSubType(subType)
        ? { ok: true, popup: { id: item.id, subType } }
        : { ok: false, problem: `unknown sub_type ${JSON.stringify(item.sub_type ?? null)}` };
    }
    case 'tax-reminder': {
      const year = String(item.tax_year ?? '').trim();
      return TAX_YEAR.test(year)
        ? { ok: true, popup: { id: item.id, taxYear: Number(year) } }
        : { ok: false, problem: `invalid tax_year ${JSON.stringify(item.tax_year ?? null)}` };
    }
    case 'tfa-verify-email': {
      const email = item.email?.trim() ?? '';
      return email !== '' ? { ok: true, popup: { id: item.id, email } } : { ok: false, problem: 'no email on file' };
    }
    default:
      return { ok: false, problem: 'unknown id' };
  }
}

/** The verify-email popup must be answered: only its acknowledge button closes it. */
export function isClosingDisabled(popup: Popup): boolean {
  return popup.id === 'tfa-verify-email';
}

/**
 * Which popups a signed-in borrower is offered (spec section 2, "Popups") and which of those they
 * see now (issue 39, item 12):
 * - each popup is marked seen when shown (spec section 4) and not offered again in that session;
 * - the tax popup dismissed with "Don't show again" never returns;
 * - a declined offer (go-green / auto-pay, its decline link) rests for OFFER_REST_MS, then returns;
 * - at most one marketing popup (an offer) per sign-in session: the tax and verify-email popups
 *   follow their own rules above and are not counted.
 */
import type { PopupItem } from '../../src/api/schemas';
import type { Borrower, PopupHistory } from '../db/records';

/** How long a declined offer rests before it is offered again. */
export const OFFER_REST_MS = 30 * 24 * 60 * 60 * 1000;

/** The marketing popups: one of them at most per session, and a declined one rests. */
const MARKETING_POPUPS: ReadonlySet<string> = new Set(['go-green-auto-pay']);

/** January to April, unless forced on or off (TAX_SEASON=1 / TAX_SEASON=0). */
export function isTaxSeason(now: Date, forced: boolean | null): boolean {
  return forced ?? now.getUTCMonth() <= 3;
}

/** The popups due for a borrower (what it reads of them: their address and choices). */
export function popupsFor(borrower: Pick<Borrower, 'emailAddress' | 'emailValidated' | 'electdocs' | 'autopay'>, now: Date, taxSeasonForced: boolean | null): PopupItem[] {
  const popups: PopupItem[] = [];
  if (!borrower.electdocs || !borrower.autopay) {
    const subType = borrower.electdocs ? 'auto_pay' : borrower.autopay ? 'go_green' : 'auto_pay_go_green_combined';
    popups.push({ id: 'go-green-auto-pay', sub_type: subType });
  }
  if (isTaxSeason(now, taxSeasonForced)) {
    popups.push({ id: 'tax-reminder', tax_year: now.getUTCFullYear() - 1 });
  }
  // Two-factor sign-in sends its codes by email, so an unproven address must be confirmed first.
  if (!borrower.emailValidated && borrower.emailAddress) {
    popups.push({ id: 'tfa-verify-email', email: borrower.emailAddress });
  }
  return popups;
}

const isMarketing = (id: string) => MARKETING_POPUPS.has(id);

/** The popups due (`popupsFor`) that the borrower is to see now, in order, given what they saw and dismissed. */
export function popupsToShow(due: readonly PopupItem[], history: PopupHistory, nowMs: number): PopupItem[] {
  const restingUntil = (id: string): number => {
    const dismissed = history.dismissedAt.get(id);
    if (dismissed === undefined) return -Infinity;
    return isMarketing(id) ? dismissed + OFFER_REST_MS : Infinity;
  };
  let marketingLeft = [...history.seenThisSession].some(isMarketing) ? 0 : 1;
  return due.filter((popup) => {
    if (history.seenThisSession.has(popup.id) || nowMs < restingUntil(popup.id)) return false;
    if (!isMarketing(popup.id)) return true;
    if (marketingLeft === 0) return false;
    marketingLeft -= 1;
    return true;
  });
}

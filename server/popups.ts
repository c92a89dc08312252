/**
 * Which popups a signed-in borrower is offered (spec section 2, "Popups"), before the
 * seen-in-this-session and dismissed filters.
 */
import type { PopupItem } from '../src/api/contract';
import type { Borrower } from './db/store';

/** January to April, unless forced on or off (TAX_SEASON=1 / TAX_SEASON=0). */
export function isTaxSeason(now: Date, forced: boolean | null): boolean {
  return forced ?? now.getUTCMonth() <= 3;
}

export function popupsFor(borrower: Borrower, now: Date, taxSeasonForced: boolean | null): PopupItem[] {
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

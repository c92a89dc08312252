/** The popups a signed-in borrower is to see now (spec section 2, "Popups"). */
import type { Auth, PortalContext } from '../context';
import type { Account } from '../db/store';
import { popupsFor } from '../popups';

/**
 * The popups a signed-in borrower is to see now, in order: those due, less those seen in this
 * session or dismissed. The API's answer (`user/popup/`) and the list a signed-in page comes with
 * (server/routes/pages.ts) are this one.
 */
export function popupsOf(ctx: PortalContext) {
  return async (account: Account, { sessionKey }: Pick<Auth, 'sessionKey'>) => {
    const hidden = await ctx.store.hiddenPopups(sessionKey, account.user.id);
    return popupsFor(account.borrower, new Date(ctx.nowMs()), ctx.options.taxSeason).filter((popup) => !hidden.has(popup.id));
  };
}


/** The popups a signed-in borrower is to see now (spec section 2, "Popups"). */
import type { Auth, PortalContext } from '../http/context';
import type { Account } from '../db/records';
import { popupsFor, popupsToShow } from './popups';

/**
 * The popups a signed-in borrower is to see now, in order: those due, less those seen in this
 * session, dismissed or resting, one offer at most (server/services/popups.ts). The API's answer
 * (`user/popup/`) and the list a signed-in page comes with (server/routes/pages/) are this one.
 */
export function popupsOf(ctx: PortalContext) {
  return async (account: Account, { sessionKey }: Pick<Auth, 'sessionKey'>) => {
    const history = await ctx.store.popupHistory(sessionKey, account.user.id);
    const now = ctx.nowMs();
    return popupsToShow(popupsFor(account.borrower, new Date(now), ctx.options.taxSeason), history, now);
  };
}

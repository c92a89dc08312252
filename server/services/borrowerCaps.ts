/**
 * Caps per borrower on what mails them (issue 46 items 6 and 7; the figures in docs/security.md,
 * controls 39 and 40). The rate limits count per client, so a flood spread over many addresses, or
 * from a held session, still reached one mailbox: 30 reset links from one address, 120 paperless
 * notices a minute. These count per account, in the rate limits' table (one atomic upsert per
 * count, shared by every instance): however many requests arrive at once, at most `max` pass in a
 * window. A window opens with the first count and lasts `windowMs` (a fixed window: at its end the
 * count starts again).
 */
import type { PortalContext } from '../http/context';

interface Cap {
  /** Names the window in the counter's key. */
  per: string;
  windowMs: number;
  max: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** Reset links mailed per account: 3 an hour, 10 a day. */
export const RESET_MAIL_CAPS: readonly Cap[] = [
  { per: 'hour', windowMs: HOUR_MS, max: 3 },
  { per: 'day', windowMs: 24 * HOUR_MS, max: 10 },
];

/** Paperless choices (opt-in or opt-out, each an audit row and most a notice) per borrower: 6 an hour. */
export const GO_GREEN_CHANGE_CAPS: readonly Cap[] = [{ per: 'hour', windowMs: HOUR_MS, max: 6 }];

/**
 * Counts one more of `what` for `id` against each cap in turn: true while every cap has room. A
 * count refused by one cap is not counted by the caps after it.
 */
export async function withinCaps(ctx: PortalContext, what: string, id: number, caps: readonly Cap[]): Promise<boolean> {
  const now = ctx.nowMs();
  for (const cap of caps) {
    const { count } = await ctx.store.countRequests(`cap:${what}:${cap.per}:${id}`, 1, cap.windowMs, now);
    if (count > cap.max) return false;
  }
  return true;
}

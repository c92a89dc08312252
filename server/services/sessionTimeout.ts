/** When a signed-in session ends, for the page's inactivity warning (docs/security.md, control 24). */
import type { SessionTimeout } from '../../src/api/schemas';
import type { Auth, PortalContext } from '../http/context';
import { SESSION_TOUCH_INTERVAL_MS } from '../auth/security';
import { idleMs, sessionEndsAt } from '../auth/sessions';

/** Whole seconds, rounded down: the page must never believe in more time than the server gives. */
function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.floor((at - now) / 1000));
}

export function sessionTimeoutOf(ctx: PortalContext, auth: Auth): SessionTimeout {
  if (!auth.sessionTimes) return { expires_in_seconds: null, idle_timeout_seconds: null, max_expires_in_seconds: null };
  const now = ctx.nowMs();
  return {
    expires_in_seconds: secondsUntil(sessionEndsAt(ctx, auth.sessionTimes), now),
    // the last-seen time is written at most once a minute, so a request guarantees the idle limit less that
    idle_timeout_seconds: Math.floor((idleMs(ctx) - SESSION_TOUCH_INTERVAL_MS) / 1000),
    max_expires_in_seconds: secondsUntil(auth.sessionTimes.expiresAt, now),
  };
}


/**
 * The answers a page comes with (its catalog row's `firstAnswers`, docs/first-view.md): a signed-in
 * page's, and the reset page's check of its link (`resetLinkAnswer`). Each is computed by the same
 * code as its API route and typed as the client reads it (the contract's types:
 * src/firstView/firstAnswers.ts `FirstAnswers` names the same).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GoGreenInfo, PopupItem } from '../../../src/api/schemas';
import type { Locale } from '../../../src/platform/i18n/locales';
import type { FirstAnswerEndpoint } from '../../../src/platform/widgetCatalog';
import type { PortalContext } from '../../http/context';
import type { Account } from '../../db/records';
import { HttpError } from '../../http/context';
import { validateResetNonce } from '../../services/passwordReset';
import { takeOptedOutFlag } from '../../auth/security';
import { goGreenStatusOf } from '../../services/goGreen';
import { popupsOf } from '../../services/popupsToShow';

/** Each endpoint's answer, as the client's store takes it. */
interface FirstAnswerTypes {
  getGoGreenStatus: GoGreenInfo;
  goGreenOptOut: { opted_out: true };
  getPopups: PopupItem[];
  validateNonce: { valid: boolean };
}

/** Every endpoint the catalog may name has its type here, and no other. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: Exact<keyof FirstAnswerTypes, FirstAnswerEndpoint> = true;
void namesMatch;

/** The answers one page comes with. */
export type FirstAnswerValues = { [K in FirstAnswerEndpoint]?: FirstAnswerTypes[K] };

type Source<K extends FirstAnswerEndpoint> = (account: Account, request: FastifyRequest, reply: FastifyReply, locale: Locale) => Promise<FirstAnswerTypes[K] | undefined>;

/** The first answers of a page for `endpoints`: none when one fails (the page still goes out, and the browser asks as before). */
export function firstAnswerSources(ctx: PortalContext) {
  const goGreenStatus = goGreenStatusOf(ctx);
  const popupsToShow = popupsOf(ctx);
  const sources: { [K in FirstAnswerEndpoint]: Source<K> } = {
    getGoGreenStatus: (account, _request, _reply, locale) => goGreenStatus.info(account.borrower, locale),
    // once, on the page load that follows an opt-out; undefined (left out) otherwise
    goGreenOptOut: async (_account, request, reply) => (takeOptedOutFlag(request, reply) ? { opted_out: true } : undefined),
    // signed in (the page's own account), so the request has its session
    getPopups: async (account, request) => (request.auth ? popupsToShow(account, request.auth) : undefined),
    // the reset page's own, from the nonce of its address (resetLinkAnswer): no signed-in page has one
    validateNonce: async () => undefined,
  };

  return async function firstAnswersOf(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoints: readonly FirstAnswerEndpoint[] | undefined,
    account: Account,
    locale: Locale,
  ): Promise<FirstAnswerValues | undefined> {
    if (!endpoints?.length) return undefined;
    try {
      const answers: FirstAnswerValues = {};
      // in the catalog's order, whichever answers first: the page's data block is the same every time
      const computed = await Promise.all(endpoints.map(async (endpoint) => [endpoint, await sources[endpoint](account, request, reply, locale)] as const));
      for (const [endpoint, answer] of computed) if (answer !== undefined) Object.assign(answers, { [endpoint]: answer });
      return answers;
    } catch (error) {
      logFirstAnswersFailed(request, error, endpoints);
      return undefined;
    }
  };
}

/**
 * The reset page's link checked as `POST account/validate_nonce/` checks it (`validateResetNonce`):
 * valid, or not where that route answers its 400 "expired". A nonce the page does not pass on (none,
 * or over-long: the config block's `reset_nonce` is null) is not valid, as the saga says without
 * asking. Undefined when the check fails otherwise: the page goes out checking, as before, and the
 * browser asks. The log never has the nonce.
 */
export async function resetLinkAnswer(ctx: PortalContext, request: FastifyRequest, nonce: string | null): Promise<FirstAnswerValues | undefined> {
  if (nonce === null) return { validateNonce: { valid: false } };
  try {
    await validateResetNonce(ctx, nonce);
    return { validateNonce: { valid: true } };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return { validateNonce: { valid: false } };
    logFirstAnswersFailed(request, error, ['validateNonce']);
    return undefined;
  }
}

/** A page's first answers that failed: the page goes out without them. Only the error's message (never a value of the request). */
function logFirstAnswersFailed(request: FastifyRequest, error: unknown, endpoints: readonly FirstAnswerEndpoint[]) {
  request.log.error({ err: error instanceof Error ? { message: error.message } : String(error), endpoints }, 'a page’s first answers failed');
}

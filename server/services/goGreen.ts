/**
 * Paperless delivery (spec sections 2 and 3): the borrower's go-green status with the disclosures in
 * their language, and the opt-in and opt-out, each written to the consent audit.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { goGreenInfoSchema, type GoGreenInfo, type GoGreenOptIn } from '../../src/api/schemas';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/platform/i18n/locales';
import { HttpError, type Auth, type PortalContext } from '../http/context';
import type { Account, AgreedDisclosures, Borrower, ConsentRecord } from '../db/records';
import { asColumns } from '../db/rows';
import { localText } from '../http/i18n';
import { apiLocale } from '../http/locale';
import { flagOptedOut } from '../auth/security';
import { noticeUrl, notifyAddressReplaced, notifyBorrower } from './accountNotices';
import { GO_GREEN_CHANGE_CAPS, withinCaps } from './borrowerCaps';
import { checkEmailAvailable, isAddressOnFile } from './emailAddress';
import { requireReauthentication } from './reauthentication';

/** Catalog texts (src/platform/i18n/locales), in the request's language when sent. */
const GO_GREEN_MESSAGES = {
  /** "Please verify this email address before choosing electronic delivery." */
  emailNotVerified: localText('server.error.emailNotVerified'),
  /** "You have changed your paperless choice several times in the last hour. Please try again later." */
  changesPaused: localText('server.error.paperlessChangesPaused'),
} as const;

/**
 * Each paperless choice is an audit row that is never deleted, and most send a notice: a held session
 * toggling sent 120 of each a minute, enough to bury an "address changed" notice. Past GO_GREEN_CHANGE_CAPS
 * a choice is refused (429) before anything is written or sent (docs/security.md, control 39).
 */
async function claimChange(ctx: PortalContext, borrowerId: number) {
  if (!(await withinCaps(ctx, 'go-green', borrowerId, GO_GREEN_CHANGE_CAPS))) throw HttpError.errors(429, GO_GREEN_MESSAGES.changesPaused);
}

/** Audit fields are kept as sent, cut to a sane length. */
const clip = (value: string | undefined | null) => (value == null ? null : value.slice(0, 200));

/** How long a read of the disclosures serves: an edit of the file shows within this, without a restart. */
export const DISCLOSURES_FRESH_MS = 1_000;

interface DisclosuresRead {
  text: string;
  /** The hex sha256 a consent to `text` is recorded with. */
  sha256: string;
}

/** The disclosures text, read again once the last read is DISCLOSURES_FRESH_MS old (real time, not the
 * server's clock): a file read per request (open, stat, read, close) was a fifth of go-green/status's CPU. */
function disclosuresReader(read: () => Promise<string>): () => Promise<DisclosuresRead> {
  let last: { read: Promise<DisclosuresRead>; readAt: number } | null = null;
  return () => {
    const now = performance.now();
    if (!last || now - last.readAt >= DISCLOSURES_FRESH_MS) {
      const reading = read().then((text) => ({ text, sha256: createHash('sha256').update(text).digest('hex') }));
      last = { read: reading, readAt: now };
      // a failed read is not kept: the next request tries again
      reading.catch(() => {
        if (last?.read === reading) last = null;
      });
    }
    return last.read;
  };
}

/** The file of a language's disclosures beside the English one: disclosures.html -> disclosures.es.html. */
export function localisedDisclosuresPath(englishPath: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? englishPath : englishPath.replace(/(\.html?)?$/, `.${locale}$1`);
}

/**
 * The disclosures in the borrower's language. Where the servicer has none in that language, the
 * English text, marked `lang="en"` so that a screen reader reads it with an English voice.
 */
function localisedDisclosures(englishPath: string): (locale: Locale) => Promise<DisclosuresRead> {
  const readers = new Map(
    LOCALES.map((locale) => {
      const path = localisedDisclosuresPath(englishPath, locale);
      const read =
        locale === DEFAULT_LOCALE
          ? () => fs.readFile(path, 'utf8')
          : () =>
              fs.readFile(path, 'utf8').catch(async (error: NodeJS.ErrnoException) => {
                if (error.code !== 'ENOENT') throw error;
                return `<div lang="${DEFAULT_LOCALE}">${await fs.readFile(englishPath, 'utf8')}</div>`;
              });
      return [locale, disclosuresReader(read)] as const;
    }),
  );
  return (locale) => readers.get(locale)!();
}

const goGreenUrl = (ctx: PortalContext) => noticeUrl(ctx, PORTAL_URLS.goGreen);

function consent(
  request: FastifyRequest,
  account: { user: { id: number }; borrower: { id: number } },
  now: number,
  action: ConsentRecord['action'],
  fields: Pick<ConsentRecord, 'emailAddress' | 'timeZone' | 'browser' | 'os' | 'disclosures'>,
): ConsentRecord {
  return {
    borrowerId: account.borrower.id,
    userId: account.user.id,
    action,
    ...fields,
    clientAddress: request.ip,
    userAgent: clip(request.headers['user-agent']),
    createdAt: now,
  };
}

/** The go-green answer's fields that are the borrower's own (all but the disclosures), passed through
 * from the record under the answer's names: a field added to the schema and the borrower's columns
 * needs nothing here. */
const BORROWER_ANSWER_FIELDS = Object.keys(goGreenInfoSchema.entries).filter(
  (field): field is Exclude<keyof GoGreenInfo, 'disclosures'> => field !== 'disclosures',
);

/**
 * A borrower's go-green status (the spec's `info`): the API's answer, written through the route's
 * declared schema, and the one a go-green or profile page comes with (server/routes/pages/).
 */
export function goGreenStatusOf(ctx: PortalContext) {
  const readDisclosures = localisedDisclosures(ctx.options.disclosuresPath);
  return {
    async info(borrower: Borrower, locale: Locale): Promise<GoGreenInfo> {
      const disclosures = await readDisclosures(locale);
      // no address on file is answered as an empty one
      return { ...asColumns(borrower, BORROWER_ANSWER_FIELDS), email_address: borrower.emailAddress ?? '', disclosures: disclosures.text };
    },
    /** The disclosures a consent given now, in `locale`, is recorded with. A text edited between the
     * borrower's reading and agreeing (within DISCLOSURES_FRESH_MS of the edit, or across it) is
     * recorded as the new text: the server attests what it served at the moment of the consent. */
    async agreed(locale: Locale): Promise<AgreedDisclosures> {
      const { text, sha256 } = await readDisclosures(locale);
      return { locale, sha256, text };
    },
  };
}

/**
 * Opts the borrower in to electronic delivery at `body.email`: an address they have proven to receive.
 * Naming another address than the one on file changes it, so the password again first
 * (docs/security.md, "Re-authentication and the address on file"); the address replaced is told.
 */
export async function optIn(
  ctx: PortalContext,
  request: FastifyRequest,
  account: Account & { auth: Auth },
  body: GoGreenOptIn,
  goGreenStatus: ReturnType<typeof goGreenStatusOf>,
) {
  const address = await checkEmailAvailable(ctx, account, body.email);
  // Electronic delivery goes only to an address the borrower has proven to receive.
  if (!(await ctx.store.isEmailValidated(account.borrower.id, address))) {
    throw HttpError.errors(400, GO_GREEN_MESSAGES.emailNotVerified);
  }
  const previousAddress = account.borrower.emailAddress;
  const addressChanged = !isAddressOnFile(account, address);
  if (addressChanged) await requireReauthentication(ctx, account.auth);
  await claimChange(ctx, account.borrower.id);
  const now = ctx.nowMs();
  if (addressChanged) await ctx.store.setEmailOnFile(account.borrower.id, address, true, now);
  await ctx.store.setElectdocs(
    account.borrower.id,
    true,
    consent(request, account, now, 'opt_in', {
      emailAddress: address,
      timeZone: clip(body.time_zone),
      browser: clip(body.browser),
      os: clip(body.os),
      disclosures: await goGreenStatus.agreed(apiLocale(request)),
    }),
  );
  request.log.info({ userId: account.user.id }, 'opted in to electronic delivery');
  await notifyAddressReplaced(ctx, request, account.user, previousAddress, address);
  // an opt-in again, to the same address, changes nothing to tell
  if (!account.borrower.electdocs || addressChanged) {
    await notifyBorrower(ctx, request, account.user, address, { kind: 'paperlessOn', goGreenUrl: goGreenUrl(ctx) });
  }
}

/** Opts the borrower out: paper again, recorded in the consent audit; the go-green page the client
 * loads next says so, drawn from its first paint. */
export async function optOut(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, account: Account) {
  await claimChange(ctx, account.borrower.id);
  await ctx.store.setElectdocs(
    account.borrower.id,
    false,
    consent(request, account, ctx.nowMs(), 'opt_out', {
      emailAddress: account.borrower.emailAddress,
      timeZone: null,
      browser: null,
      os: null,
      disclosures: null,
    }),
  );
  request.log.info({ userId: account.user.id }, 'opted out of electronic delivery');
  if (account.borrower.electdocs) {
    await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, { kind: 'paperlessOff', goGreenUrl: goGreenUrl(ctx) });
  }
  flagOptedOut(request, reply);
}

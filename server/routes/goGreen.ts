/** Paperless delivery: /loanmanager/api/go-green/*. Every change is written to the consent audit. */
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { goGreenOptInSchema } from '../../src/api/contract';
import { HttpError, parseWith, requireAccount, requireEmptyBody, sendJson, type PortalContext } from '../context';
import type { ConsentRecord } from '../db/store';
import { checkEmailAvailable } from './user';

export const GO_GREEN_MESSAGES = {
  emailNotVerified: 'Please verify this email address before choosing electronic delivery.',
} as const;

/** Audit fields are kept as sent, cut to a sane length. */
const clip = (value: string | undefined | null) => (value == null ? null : value.slice(0, 200));

/** Read on every request, so the text can be edited without a restart. */
async function readDisclosures(path: string): Promise<string> {
  return fs.readFile(path, 'utf8');
}

function consent(
  request: FastifyRequest,
  account: { user: { id: number }; borrower: { id: number } },
  now: number,
  action: ConsentRecord['action'],
  fields: { emailAddress: string | null; timeZone: string | null; browser: string | null; os: string | null },
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

export function goGreenRoutes(app: FastifyInstance, ctx: PortalContext) {
  app.get('/loanmanager/api/go-green/status/', async (request, reply) => {
    const { borrower } = await requireAccount(ctx, request);
    return sendJson(reply, 200, {
      email_address: borrower.emailAddress ?? '',
      email_validated: borrower.emailValidated,
      electdocs: borrower.electdocs,
      disclosures: await readDisclosures(ctx.options.disclosuresPath),
    });
  });

  app.post('/loanmanager/api/go-green/opt_in/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const body = parseWith(goGreenOptInSchema, request.body);
    const address = await checkEmailAvailable(ctx, account, body.email);
    // Electronic delivery goes only to an address the borrower has proven to receive.
    if (!(await ctx.store.isEmailValidated(account.borrower.id, address))) {
      throw HttpError.errors(400, GO_GREEN_MESSAGES.emailNotVerified);
    }
    const now = ctx.nowMs();
    if (address.toLowerCase() !== account.borrower.emailAddress?.toLowerCase()) {
      await ctx.store.setEmailOnFile(account.borrower.id, address, true, now);
    }
    await ctx.store.setElectdocs(
      account.borrower.id,
      true,
      consent(request, account, now, 'opt_in', {
        emailAddress: address,
        timeZone: clip(body.time_zone),
        browser: clip(body.browser),
        os: clip(body.os),
      }),
    );
    request.log.info({ userId: account.user.id }, 'opted in to electronic delivery');
    return sendJson(reply, 200, { electdocs: true });
  });

  app.post('/loanmanager/api/go-green/opt_out/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    requireEmptyBody(request.body);
    await ctx.store.setElectdocs(
      account.borrower.id,
      false,
      consent(request, account, ctx.nowMs(), 'opt_out', {
        emailAddress: account.borrower.emailAddress,
        timeZone: null,
        browser: null,
        os: null,
      }),
    );
    request.log.info({ userId: account.user.id }, 'opted out of electronic delivery');
    return sendJson(reply, 200, { electdocs: false });
  });
}

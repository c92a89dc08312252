/** Paperless delivery: /loanmanager/api/go-green/*. Every change is written to the consent audit (server/services/goGreen.ts). */
import type { FastifyInstance } from 'fastify';
import { goGreenInfoSchema, goGreenOptInSchema } from '../../src/api/schemas';
import { sendJson, type PortalContext } from '../http/context';
import { apiLocale } from '../http/locale';
import { goGreenStatusOf, optIn, optOut } from '../services/goGreen';
import { signedInAccount, emptyBodySchema, type ValibotTypeProvider } from './declarations';
import { answers, electdocsAnswerSchema, refusedOrReauthSchema, specCall } from './schemas';

export function goGreenRoutes(fastify: FastifyInstance, ctx: PortalContext) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const goGreenStatus = goGreenStatusOf(ctx);
  const signedIn = { signedIn: true } as const;

  app.get('/loanmanager/api/go-green/status/', {
    schema: { ...specCall('The go-green status (info)'), response: answers({ 200: goGreenInfoSchema }, { signedIn: true }) },
    config: signedIn,
  }, async (request, reply) => {
    const body = await goGreenStatus.info(signedInAccount(request).borrower, apiLocale(request));
    return sendJson(reply, 200, body);
  });

  app.post('/loanmanager/api/go-green/opt_in/', {
    schema: { ...specCall('Opt in to electronic documents'), body: goGreenOptInSchema, response: answers({ 200: electdocsAnswerSchema, 403: refusedOrReauthSchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => {
    await optIn(ctx, request, signedInAccount(request), request.body, goGreenStatus);
    return sendJson(reply, 200, { electdocs: true });
  });

  app.post('/loanmanager/api/go-green/opt_out/', {
    schema: { ...specCall('Opt out of electronic documents'), body: emptyBodySchema, response: answers({ 200: electdocsAnswerSchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => {
    await optOut(ctx, request, reply, signedInAccount(request));
    return sendJson(reply, 200, { electdocs: false });
  });
}

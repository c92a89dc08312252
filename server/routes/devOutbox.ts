/**
 * The developer mailbox: every message the server "sent", newest first, with its links made
 * absolute for the address the page was opened at. Registered only outside production.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalContext } from '../http/context';
import type { OutboxMessage } from '../db/records';
import { escapeHtml, renderPage } from '../pages/html';
import { isHttps } from '../auth/security';
import { sendHtml } from './pages/kit';

const LIMIT = 200;

function origin(request: FastifyRequest): string {
  return `${isHttps(request) ? 'https' : 'http'}://${request.host}`;
}

/** The message's text and links as the developer may read them: none once purged, none if sealed
 * (a database that was used in production). */
function readable(message: OutboxMessage): { text: string; links: string[] } {
  if (message.body === null) return { text: '(the text was purged: its links have expired)', links: [] };
  if (message.sealed) return { text: '(sealed: encrypted for delivery)', links: [] };
  return { text: message.body, links: message.links ? (JSON.parse(message.links) as string[]) : [] };
}

export function devOutboxRoutes(app: FastifyInstance, ctx: PortalContext) {
  app.get('/loanmanager/dev/outbox.json', async (request, reply) => {
    const base = origin(request);
    // mail queued after an answer (a reset request) is in the box once its answer is
    await ctx.mailer.settled();
    const messages = await ctx.store.listOutbox(LIMIT);
    return reply.header('cache-control', 'no-store').send(
      messages.map((message) => {
        const { text, links } = readable(message);
        return {
          id: message.id,
          to: message.to,
          subject: message.subject,
          body: text,
          /** the same as body (the name the e2e helpers read) */
          text,
          links: links.map((link) => `${base}${link}`),
          paths: links,
          purged: message.body === null,
          created_at: new Date(message.createdAt).toISOString(),
          sent_at: message.sentAt === null ? null : new Date(message.sentAt).toISOString(),
          send_error: message.sendError,
        };
      }),
    );
  });

  app.get('/loanmanager/dev/outbox/', async (request, reply) => {
    const base = origin(request);
    // mail queued after an answer (a reset request) is in the box once its answer is
    await ctx.mailer.settled();
    const messages = await ctx.store.listOutbox(LIMIT);
    const items = messages
      .map((message) => {
        const { text, links: paths } = readable(message);
        const links = paths
          .map((link) => `<li><a href="${escapeHtml(base + link)}">${escapeHtml(base + link)}</a></li>`)
          .join('');
        return (
          `<li class="card"><h2>${escapeHtml(message.subject)}</h2>` +
          `<p>To ${escapeHtml(message.to)}, <time datetime="${new Date(message.createdAt).toISOString()}">` +
          `${escapeHtml(new Date(message.createdAt).toUTCString())}</time></p>` +
          (links ? `<ul>${links}</ul>` : '') +
          `<details><summary>Message text</summary><pre>${escapeHtml(text)}</pre></details></li>`
        );
      })
      .join('');
    const content =
      '<p>Every email the server sent, newest first. Development only: this page does not exist in production.</p>' +
      (items ? `<ol class="loan-list" reversed>${items}</ol>` : '<p>No messages yet.</p>');
    // for developers: English, without the language switch (docs/i18n-glossary.md, "What stays English")
    return sendHtml(reply, 200, renderPage({ locale: 'en', title: 'Outbox', heading: 'Developer outbox', content }));
  });
}

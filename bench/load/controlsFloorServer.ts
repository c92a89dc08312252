/**
 * The load test's second floor (issue 18, item 5): bare fastify 5 plus, each in its plainest form,
 * the controls the issue keeps on every signed-in request. Against it, the portal's routes measure
 * what their own code costs beyond those controls; against the bare floor (floorServer.ts), what
 * they cost in all.
 * - The session read: one SQLite statement by the sha256 of the session cookie, in a WAL file as
 *   the reference server keeps its database, so the read takes the same locks.
 * - The CSRF check on a POST: the header against the cookie, in constant time.
 * - The rate limit: a count per client in memory. The reference server claims its counts from the
 *   database in blocks of up to 64 (server/auth/rateLimitStore.ts), so most of its requests cost the same.
 * - The access log: one line per answer through the reference server's redacting logger.
 * - The security headers: the reference server's own set.
 * SESSION_TOKEN names the one session it knows (the harness makes one per run).
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { securityHeaders } from '../../server/http/app';
import { createLogger } from '../../server/http/logger';
import { CSRF_COOKIE, CSRF_HEADER, hashSecret, safeEqual, SESSION_COOKIE } from '../../server/auth/security';
import { serveConstant } from './constantRoute';

const sessionToken = process.env.SESSION_TOKEN;
if (!sessionToken) throw new Error('SESSION_TOKEN is required');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'controls-floor-'));
const db = new Database(path.join(folder, 'sessions.sqlite3'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE sessions (key TEXT PRIMARY KEY, borrower_id INTEGER NOT NULL, expires_at INTEGER NOT NULL)');
db.prepare('INSERT INTO sessions VALUES (?, 1, ?)').run(hashSecret(sessionToken), Date.now() + 3_600_000);
const findSession = db.prepare<[string, number], { borrower_id: number }>('SELECT borrower_id FROM sessions WHERE key = ? AND expires_at > ?');

const RATE_LIMIT_MAX = 100_000_000;
const counts = new Map<string, number>();
const headers = securityHeaders("default-src 'none'");
const log = createLogger({ level: 'info' });

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split('; ')) if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  return undefined;
}

const app = Fastify({ logger: false });
app.addHook('onRequest', async (request, reply) => {
  void reply.headers(headers);
  const token = cookieOf(request.headers.cookie, SESSION_COOKIE);
  const session = token ? findSession.get(hashSecret(token), Date.now()) : undefined;
  if (!session) return reply.code(401).send({ detail: 'not signed in' });
  if (request.method === 'POST') {
    const csrf = cookieOf(request.headers.cookie, CSRF_COOKIE) ?? '';
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !csrf || !safeEqual(sent, csrf)) return reply.code(403).send({ detail: 'CSRF' });
  }
  const key = `user:${session.borrower_id}`;
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  if (count > RATE_LIMIT_MAX) return reply.code(429).send({ detail: 'slow down' });
  return undefined;
});
app.addHook('onResponse', async (request, reply) => {
  log.info({ req: { method: request.method, url: request.url, host: request.host, ip: request.ip }, res: reply, responseTime: reply.elapsedTime }, 'request completed');
});
serveConstant(app, () => {
  db.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

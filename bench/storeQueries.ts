/** The store's hot-path queries without HTTP: CPU µs a call. `npx tsx bench/storeQueries.ts <repository root>` (another worktree's root measures that build); PGURL=postgres://… measures PostgreSQL (a fresh database). Fictional data. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const root = process.argv[2] ?? path.resolve(__dirname, '..');
async function main() {
  const { serverKeys } = await import(`${root}/server/secrets`);
  const openMod = await import(`${root}/server/db/open`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h10micro-'));
  const opts = { databaseUrl: process.env.PGURL ?? null, databasePath: path.join(dir, 'db.sqlite'), poolSize: 4, identity: serverKeys(randomBytes(32)).identity, lockout: { failures: 5, windowMs: 60000 } };
  const store = await openMod.openStore(opts);
  await store.seedLoan({ loanno: '9000000001', propertyAddress: 'x', monthlyPaymentCents: 1, nextPaymentDue: '2026-01-01' });
  const bid = await store.seedBorrower({ firstname: 'a', lastname: 'b', ssn: '900000001', dob: '1980-01-01', emailAddress: 'a@example.com', emailValidated: true, electdocs: false, autopay: false }, [{ loanno: '9000000001', role: 'primary' }]);
  const created = await store.createUserForBorrower({ borrowerId: bid, username: 'u' + randomBytes(3).toString('hex'), passwordHash: 'h', emailAddress: 'a@example.com', now: 1 });
  const uid = created.user.id;
  await store.createSession({ userId: uid, keyHash: 'k', now: 1000, expiresAt: 1e13, idleSince: 0 });
  const ops: Record<string, () => Promise<unknown>> = {
    findSession: () => store.findSession('k', 2000, 0),
    countRequests: () => store.countRequests('key', 1, 60000, 2000),
    hiddenPopups: () => store.hiddenPopups('s', uid),
    emailInUse: () => store.emailInUseByOtherUser('b@example.com', bid),
  };
  for (const [name, op] of Object.entries(ops)) {
    for (let i = 0; i < 2000; i++) await op();
    const t0 = process.cpuUsage(); const n = 5000;
    for (let i = 0; i < n; i++) await op();
    const d = process.cpuUsage(t0);
    console.log(name, ((d.user + d.system) / n).toFixed(1), 'µs cpu/op');
  }
  await store.close();
}
main();

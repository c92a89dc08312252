/**
 * Demo data, written into a freshly created database. Every person is obviously fictional and
 * every SSN starts with 9 (never issued). One borrower per state the portal has to show.
 */
import { hashPassword, hashSecret } from '../auth/security';
import type { Repositories } from './open';
import type { Loan, SeedBorrower } from './records';

export const DEMO_PASSWORD = 'Demo-pass1!';
/** An API token for `dana.demo`, for trying `Authorization: Token ...` with curl. Demo only. */
export const DEMO_API_TOKEN = 'demo_token_dana_demo_not_a_secret_0001';

/** A seeded borrower (SSN: nine digits starting with 9; dob: YYYY-MM-DD) and what the demo says of it. */
export interface DemoBorrower extends SeedBorrower {
  loans: Array<{ loanno: string; role: 'primary' | 'co' }>;
  /** null: not registered yet (register with loan number, SSN and date of birth). */
  username: string | null;
  /** What this borrower demonstrates. */
  shows: string;
}

const DEMO_LOANS: Array<Omit<Loan, 'role'>> = [
  { loanno: '9000000001', propertyAddress: '1 Demo Street, Exampleville, ZZ 00001', monthlyPaymentCents: 145_000, nextPaymentDue: '2026-08-01' },
  { loanno: '9000000002', propertyAddress: '2 Sample Road, Exampleville, ZZ 00002', monthlyPaymentCents: 98_050, nextPaymentDue: '2026-08-01' },
  { loanno: '9000000003', propertyAddress: '3 Sample Road, Exampleville, ZZ 00002', monthlyPaymentCents: 112_525, nextPaymentDue: '2026-08-05' },
  { loanno: '9000000004', propertyAddress: '4 Placeholder Lane, Testburg, ZZ 00004', monthlyPaymentCents: 76_010, nextPaymentDue: '2026-08-10' },
  { loanno: '9000000005', propertyAddress: '5 Fictional Court, Testburg, ZZ 00005', monthlyPaymentCents: 201_000, nextPaymentDue: '2026-08-01' },
  { loanno: '9000000006', propertyAddress: '6 Imaginary Way, Mocktown, ZZ 00006', monthlyPaymentCents: 133_375, nextPaymentDue: '2026-08-15' },
  { loanno: '9000000007', propertyAddress: '7 Pretend Place, Mocktown, ZZ 00007', monthlyPaymentCents: 88_800, nextPaymentDue: '2026-08-01' },
  { loanno: '9000000008', propertyAddress: '8 Specimen Drive, Sampleton, ZZ 00008', monthlyPaymentCents: 150_500, nextPaymentDue: '2026-08-01' },
  { loanno: '9000000009', propertyAddress: '9 Specimen Drive, Sampleton, ZZ 00008', monthlyPaymentCents: 64_200, nextPaymentDue: '2026-08-12' },
];

export const DEMO_BORROWERS: DemoBorrower[] = [
  {
    firstname: 'Dana',
    lastname: 'Demo',
    ssn: '900000001',
    dob: '1980-01-15',
    emailAddress: 'dana.demo@example.com',
    emailValidated: true,
    electdocs: false,
    autopay: true,
    loans: [{ loanno: '9000000001', role: 'primary' }],
    username: 'dana.demo',
    shows: 'one loan (lands on loanoverview/); go-green popup; registering again with her details gives 409',
  },
  {
    firstname: 'Sam',
    lastname: 'Several',
    ssn: '900000002',
    dob: '1975-06-30',
    emailAddress: 'sam.several@example.com',
    emailValidated: true,
    electdocs: false,
    autopay: false,
    loans: [
      { loanno: '9000000002', role: 'primary' },
      { loanno: '9000000003', role: 'primary' },
      { loanno: '9000000004', role: 'primary' },
    ],
    username: 'sam.several',
    shows: 'three loans (lands on main/); combined go-green + auto-pay popup',
  },
  {
    firstname: 'Paula',
    lastname: 'Paperless',
    ssn: '900000003',
    dob: '1968-11-02',
    emailAddress: 'paula.paperless@example.com',
    emailValidated: true,
    electdocs: true,
    autopay: false,
    loans: [{ loanno: '9000000005', role: 'primary' }],
    username: 'paula.paperless',
    shows: 'already paperless (go-green shows the opt-out view); auto-pay popup',
  },
  {
    firstname: 'Cory',
    lastname: 'Coborrower',
    ssn: '900000004',
    dob: '1970-03-21',
    emailAddress: 'cory.coborrower@example.com',
    emailValidated: true,
    electdocs: false,
    autopay: true,
    loans: [{ loanno: '9000000005', role: 'co' }],
    username: 'cory.coborrower',
    shows: "co-borrower on Paula's loan 9000000005; not paperless (go-green opt-in wizard)",
  },
  {
    firstname: 'Uma',
    lastname: 'Unverified',
    ssn: '900000005',
    dob: '1990-09-09',
    emailAddress: 'uma.unverified@example.com',
    emailValidated: false,
    electdocs: false,
    autopay: false,
    loans: [{ loanno: '9000000006', role: 'primary' }],
    username: 'uma.unverified',
    shows: 'unverified email: three popups (combined, tax in season, verify email); go-green needs verification',
  },
  {
    firstname: 'Nora',
    lastname: 'Newcomer',
    ssn: '900000006',
    dob: '1985-04-12',
    emailAddress: null,
    emailValidated: false,
    electdocs: false,
    autopay: false,
    loans: [{ loanno: '9000000007', role: 'primary' }],
    username: null,
    shows: 'not registered, one loan',
  },
  {
    firstname: 'Reggie',
    lastname: 'Register',
    ssn: '900000007',
    dob: '1978-12-24',
    emailAddress: null,
    emailValidated: false,
    electdocs: false,
    autopay: false,
    loans: [
      { loanno: '9000000008', role: 'primary' },
      { loanno: '9000000009', role: 'primary' },
    ],
    username: null,
    shows: 'not registered, two loans (registration lands on main/)',
  },
  {
    firstname: 'Nico',
    lastname: 'Newcomer',
    ssn: '900000008',
    dob: '1987-07-04',
    emailAddress: null,
    emailValidated: false,
    electdocs: false,
    autopay: false,
    loans: [{ loanno: '9000000007', role: 'co' }],
    username: null,
    shows: "not registered, co-borrower on Nora's loan 9000000007",
  },
];

/** `withDemoToken`: the well-known API token of dana.demo (development only: never in production). */
export async function seedDemoData(
  store: Repositories,
  options: { now: number; scryptN: number; withDemoToken: boolean; apiTokenDays: number },
): Promise<void> {
  const { now } = options;
  for (const loan of DEMO_LOANS) await store.seedLoan(loan);
  // one hash for every demo sign-in (they share the one published password): scrypt at N=2^17 is slow
  const demoHash = await hashPassword(DEMO_PASSWORD, options.scryptN);
  const hashes = DEMO_BORROWERS.map((borrower) => (borrower.username ? demoHash : null));
  for (const [index, borrower] of DEMO_BORROWERS.entries()) {
    const borrowerId = await store.seedBorrower(borrower, borrower.loans);
    const passwordHash = hashes[index];
    if (!borrower.username || !passwordHash || !borrower.emailAddress) continue;
    const created = await store.createUserForBorrower({
      borrowerId,
      username: borrower.username,
      passwordHash,
      emailAddress: borrower.emailAddress,
      now,
    });
    if (created.ok && borrower.username === 'dana.demo' && options.withDemoToken) {
      await store.createApiToken({
        userId: created.user.id,
        tokenHash: hashSecret(DEMO_API_TOKEN),
        label: 'demo',
        now,
        expiresAt: now + options.apiTokenDays * 24 * 3600 * 1000,
      });
    }
  }
}

/** MM/DD/YYYY, as typed in the forms. */
const typedDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
};
const typedSsn = (ssn: string) => `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;

/** What the start command prints: where to go, who to sign in as, and who to register. */
export function describeDemoData(baseUrl: string, production = false): string {
  const lines = [
    `Loan Manager borrower portal: ${baseUrl}/loanmanager/`,
    ...(production ? [] : [`Developer outbox (emails with their links): ${baseUrl}/loanmanager/dev/outbox/`]),
    '',
    `Demo sign-ins (password for all: ${DEMO_PASSWORD})`,
  ];
  for (const borrower of DEMO_BORROWERS.filter((candidate) => candidate.username)) {
    lines.push(`  ${(borrower.username ?? '').padEnd(17)} ${borrower.shows}`);
  }
  lines.push('', 'Registration details (loan number / SSN / date of birth):');
  for (const borrower of DEMO_BORROWERS.filter((candidate) => !candidate.username)) {
    const loan = borrower.loans[0]?.loanno ?? '';
    lines.push(
      `  ${borrower.firstname} ${borrower.lastname}: ${loan} / ${typedSsn(borrower.ssn)} / ${typedDate(borrower.dob)}  (${borrower.shows})`,
    );
  }
  const dana = DEMO_BORROWERS[0];
  if (dana) {
    lines.push(
      `  Already registered (409): ${dana.loans[0]?.loanno ?? ''} / ${typedSsn(dana.ssn)} / ${typedDate(dana.dob)}  (${dana.firstname} ${dana.lastname})`,
    );
  }
  if (!production) lines.push('', `API token of dana.demo: Authorization: Token ${DEMO_API_TOKEN}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Password checks take turns per client (server/auth/passwordHashing.ts `inPasswordTurn`, issue 46 item 1):
 * a client's volume cannot push another back, each client's queue is bounded, and a check whose
 * client has gone never starts. The turns alone, with stand-in work (no hashing).
 */
import {
  ClientGoneError,
  DEFAULT_PASSWORD_HASHING,
  HashingBusyError,
  configurePasswordHashing,
  holdPasswordTurns,
  inPasswordTurn,
  passwordHashingState,
} from '../auth/passwordHashing';

afterEach(() => configurePasswordHashing(DEFAULT_PASSWORD_HASHING));

/** Until `condition` holds, letting every pending callback run between looks. */
async function until(condition: () => boolean) {
  for (let round = 0; !condition(); round += 1) {
    if (round > 100_000) throw new Error('never came');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Sends checks while the turns are held (a barrier), then lets them all go; the order their work started in. */
async function startOrder(sends: Array<[client: string, label: string]>) {
  const started: string[] = [];
  const release = holdPasswordTurns();
  const outcomes = sends.map(([client, label]) =>
    inPasswordTurn(client, new AbortController().signal, async () => {
      started.push(label);
      await new Promise((resolve) => setImmediate(resolve));
    }).then(
      () => 'done',
      (error: unknown) => (error instanceof HashingBusyError ? 'busy' : String(error)),
    ),
  );
  release();
  return { started, outcomes: await Promise.all(outcomes) };
}

it('one check at a time per thread, served one client after another: a newcomer waits for no one’s queue', async () => {
  configurePasswordHashing({ threads: 1, queue: 32, perClient: 8 });
  const attacker = Array.from({ length: 6 }, (_, index): [string, string] => ['10.0.0.1', `a${index + 1}`]);
  const { started } = await startOrder([...attacker, ['10.0.0.2', 'borrower'], ['10.0.0.3', 'other']]);
  // first come, first served (a1); then every client that has waited since, least recently served first
  expect(started).toEqual(['a1', 'borrower', 'other', 'a2', 'a3', 'a4', 'a5', 'a6']);
});

it('clients sending all the time take turns, one check each', async () => {
  configurePasswordHashing({ threads: 1, queue: 32, perClient: 8 });
  const sends: Array<[string, string]> = [];
  for (const client of ['a', 'b', 'c']) for (let index = 1; index <= 3; index += 1) sends.push([client, `${client}${index}`]);
  const { started } = await startOrder(sends);
  expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3']);
});

it('a client’s queue is bounded: one more than its share is refused at once (503)', async () => {
  configurePasswordHashing({ threads: 1, queue: 32, perClient: 3 });
  const { outcomes } = await startOrder(Array.from({ length: 5 }, (_, index): [string, string] => ['10.0.0.1', `a${index}`]));
  expect(outcomes).toEqual(['done', 'done', 'done', 'busy', 'busy']);
});

it('every place taken: a newcomer takes the latest place of the client with the most waiting, never one of a client with one', async () => {
  configurePasswordHashing({ threads: 1, queue: 4, perClient: 4 });
  const { started, outcomes } = await startOrder([
    ['a', 'a1'],
    ['a', 'a2'],
    ['a', 'a3'],
    ['b', 'b1'],
    ['c', 'c1'],
    ['d', 'd1'],
    ['e', 'e1'],
  ]);
  // a1..a3 and b1 fill the 4 places; c1 takes a3's, d1 a2's; e1 finds every client with one waiting: refused
  expect(outcomes).toEqual(['done', 'busy', 'busy', 'done', 'done', 'done', 'busy']);
  expect(started).toEqual(['a1', 'b1', 'c1', 'd1']);
});

it('a check whose client has gone is dropped before its work starts, and gives up its place at once', async () => {
  configurePasswordHashing({ threads: 1, queue: 32, perClient: 4 });
  const release = holdPasswordTurns();
  const client = new AbortController();
  let worked = false;
  const dropped = inPasswordTurn('10.0.0.9', client.signal, async () => {
    worked = true;
  }).catch((error: unknown) => error);
  await until(() => passwordHashingState().turnsWaiting === 1);
  client.abort();
  expect(await dropped).toBeInstanceOf(ClientGoneError);
  expect(passwordHashingState().turnsWaiting).toBe(0);
  release();
  await inPasswordTurn('10.0.0.9', new AbortController().signal, async () => undefined);
  expect(worked).toBe(false);
});

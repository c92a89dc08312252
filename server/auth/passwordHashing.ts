/**
 * Password hashing on a small pool of worker threads of its own (piscina), never on libuv's
 * threadpool: Node's async scrypt runs there, on the 4 threads that also read static files and
 * compress, so one address's allowed sign-ins (each 128 MiB and a third of a second of scrypt at
 * N=2^17) stalled the loader script for 7 to 22 s (issue 38). Here the pool has
 * PASSWORD_HASH_THREADS threads (default 2) and at most PASSWORD_HASH_QUEUE hashes waiting
 * (default 32); a hash beyond that is refused at once with `HashingBusyError` (503 and
 * Retry-After, server/http/app.ts) rather than queued for ever.
 *
 * One pool per process, shared by every server built in it (like libuv's own pool); idle threads
 * do not keep the process alive. The worker is server/auth/passwordHashWorker.cjs, found beside this
 * file (`__dirname`): a compiled server must ship it next to passwordHashing.js.
 *
 * Password checks (sign-in, user/confirm_password/) take turns per client first (`inPasswordTurn`,
 * issue 46 item 1): one queue per client (`clientKeyOf` of server/http/clientKey.ts, as the rate limits key them: an IPv4 address, an IPv6 /64), at most
 * PASSWORD_HASH_QUEUE_PER_CLIENT waiting in each, served least recently served client first, so a
 * few addresses sending all they may cannot push another borrower back: a newcomer waits for the
 * checks already running, not for the queues of others. A request whose client has gone is dropped
 * before its turn starts (`ClientGoneError`), having written nothing.
 */
import path from 'node:path';
import Piscina from 'piscina';

export interface PasswordHashingSettings {
  /** Worker threads that hash (each uses up to 128 MiB while it hashes at N=2^17); as many password checks run at once. */
  threads: number;
  /** Hashes (and password checks) that may wait for a thread, all clients together; one more is refused
   * (HashingBusyError), unless a client has two more waiting than this one: then its latest is refused instead. */
  queue: number;
  /** Password checks one client may have waiting; one more is refused (HashingBusyError). */
  perClient: number;
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashingSettings = { threads: 2, queue: 32, perClient: 4 };

/** How long a refused sign-in is told to wait before trying again (Retry-After, seconds). */
export const HASHING_RETRY_AFTER_SECONDS = 2;

/** Every thread is hashing and the queue is full: answer 503 with Retry-After. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing is busy');
  }
}

const WORKER_FILE = path.join(__dirname, 'passwordHashWorker.cjs');

export interface ScryptTask {
  password: string;
  salt: Buffer;
  keyLength: number;
  n: number;
  r: number;
  p: number;
  /** Costs of further scrypt runs whose results are thrown away (equal timing); usually none. */
  padNs?: number[];
}

let settings: PasswordHashingSettings = DEFAULT_PASSWORD_HASHING;
let pool: Piscina | null = null;

/** Sets the pool's size and queue (server/http/app.ts, from the options); a pool of other settings is
 * closed once its hashes are done, and the next hash starts the new one. */
export function configurePasswordHashing(next: PasswordHashingSettings) {
  if (next.threads === settings.threads && next.queue === settings.queue && next.perClient === settings.perClient) return;
  const samePool = next.threads === settings.threads && next.queue === settings.queue;
  settings = { ...next };
  startTurns();
  if (samePool) return;
  const previous = pool;
  pool = null;
  void previous?.close();
}

function hashingPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: settings.threads,
    maxThreads: settings.threads,
    // our own bound below (queueSize is read before each task): piscina's would be the same number
    maxQueue: Infinity,
    // scrypt is synchronous in the worker: one hash per thread at a time
    concurrentTasksPerWorker: 1,
    // the tsx or jest hooks of the main thread are of no use to a CommonJS worker
    execArgv: [],
  });
  return pool;
}

/** scrypt of `task` on the pool; HashingBusyError when PASSWORD_HASH_QUEUE hashes wait already. */
export async function scryptInPool(task: ScryptTask): Promise<Buffer> {
  const workers = hashingPool();
  if (workers.queueSize >= settings.queue) throw new HashingBusyError();
  const key = (await workers.run({ ...task, salt: new Uint8Array(task.salt), padNs: task.padNs ?? [] })) as Uint8Array;
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

/** What the pool has done and holds now (tests, and the benchmark); `turnsWaiting`: password checks waiting for their turn. */
export function passwordHashingState(): { completed: number; waiting: number; threadIds: number[]; turnsWaiting: number } {
  return {
    completed: pool?.completed ?? 0,
    waiting: pool?.queueSize ?? 0,
    threadIds: pool?.threads.map((thread) => thread.threadId) ?? [],
    turnsWaiting,
  };
}

/** The request's client went away before its password check started: nothing was done for it. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client has gone');
  }
}

interface Waiter {
  /** Arrival order: the tie-break between clients served as recently. */
  seq: number;
  start: () => void;
  refuse: (error: Error) => void;
}

interface ClientTurns {
  waiting: Waiter[];
  running: number;
  /** When this client's check last started (a running count), 0 for never: the least recent goes first. */
  lastServed: number;
}

const clients = new Map<string, ClientTurns>();
let running = 0;
let turnsWaiting = 0;
let served = 0;
let arrivals = 0;
let held = false;

/** The next client to serve: the least recently served of those waiting, the earliest arrival between equals. */
function nextClient(): ClientTurns | undefined {
  let best: ClientTurns | undefined;
  for (const turns of clients.values()) {
    const head = turns.waiting[0];
    if (!head) continue;
    if (!best || turns.lastServed < best.lastServed || (turns.lastServed === best.lastServed && head.seq < best.waiting[0]!.seq)) best = turns;
  }
  return best;
}

function startTurns() {
  while (!held && running < settings.threads) {
    const turns = nextClient();
    const waiter = turns?.waiting.shift();
    if (!turns || !waiter) return;
    turnsWaiting -= 1;
    running += 1;
    turns.running += 1;
    turns.lastServed = ++served;
    waiter.start();
  }
}

function endTurn(key: string, turns: ClientTurns) {
  running -= 1;
  turns.running -= 1;
  // a client with nothing running or waiting is forgotten: it comes back as a newcomer
  if (turns.running === 0 && turns.waiting.length === 0) clients.delete(key);
  startTurns();
}

/** Waits for the client's turn; refuses at once when its queue (or every queue) is full. */
function takeTurn(key: string, signal: AbortSignal): Promise<ClientTurns> {
  if (signal.aborted) return Promise.reject(new ClientGoneError());
  let turns = clients.get(key);
  if (!turns) {
    turns = { waiting: [], running: 0, lastServed: 0 };
    clients.set(key, turns);
  }
  const own = turns;
  if (!held && running < settings.threads && turnsWaiting === 0) {
    running += 1;
    own.running += 1;
    own.lastServed = ++served;
    return Promise.resolve(own);
  }
  if (own.waiting.length >= settings.perClient) return Promise.reject(new HashingBusyError());
  if (turnsWaiting >= settings.queue) {
    // every place taken: the client with the most waiting gives up its latest, if it would still have
    // as many as this one then (never a swap of one client's only place for another's)
    const heaviest = [...clients.values()].reduce((most, other) => (other.waiting.length > most.waiting.length ? other : most), own);
    if (heaviest.waiting.length <= own.waiting.length + 1) return Promise.reject(new HashingBusyError());
    turnsWaiting -= 1;
    heaviest.waiting.pop()?.refuse(new HashingBusyError());
  }
  return new Promise<ClientTurns>((resolve, reject) => {
    const gone = () => {
      const index = own.waiting.indexOf(waiter);
      if (index < 0) return;
      own.waiting.splice(index, 1);
      turnsWaiting -= 1;
      if (own.running === 0 && own.waiting.length === 0) clients.delete(key);
      reject(new ClientGoneError());
    };
    const waiter: Waiter = {
      seq: ++arrivals,
      start: () => {
        signal.removeEventListener('abort', gone);
        resolve(own);
      },
      refuse: (error) => {
        signal.removeEventListener('abort', gone);
        reject(error);
      },
    };
    own.waiting.push(waiter);
    turnsWaiting += 1;
    signal.addEventListener('abort', gone, { once: true });
  });
}

/**
 * Runs `work` (a password check: its claim on the count of wrong passwords, its hash) in the turn of
 * `clientKey` (`clientKeyOf`): at most PASSWORD_HASH_THREADS checks at once, the waiting ones served
 * one client after another. Throws HashingBusyError at once when the client's queue is full, and
 * ClientGoneError, before `work` starts, when `signal` says the client has gone.
 */
export async function inPasswordTurn<T>(clientKey: string, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const turns = await takeTurn(clientKey, signal);
  try {
    if (signal.aborted) throw new ClientGoneError();
    return await work();
  } finally {
    endTurn(clientKey, turns);
  }
}

/** Tests only: holds every password turn until the function returned is called (a barrier: requests
 * gather, then all go at once). */
export function holdPasswordTurns(): () => void {
  held = true;
  return () => {
    held = false;
    startTurns();
  };
}

/**
 * Password hashing on a small pool of worker threads of its own (piscina), never on libuv's
 * threadpool: Node's async scrypt runs there, on the 4 threads that also read static files and
 * compress, so one address's allowed sign-ins (each 128 MiB and a third of a second of scrypt at
 * N=2^17) stalled the loader script for 7 to 22 s (issue 38). Here the pool has
 * PASSWORD_HASH_THREADS threads (default 2) and at most PASSWORD_HASH_QUEUE hashes waiting
 * (default 32); a hash beyond that is refused at once with `HashingBusyError` (503 and
 * Retry-After, server/app.ts) rather than queued for ever.
 *
 * One pool per process, shared by every server built in it (like libuv's own pool); idle threads
 * do not keep the process alive. The worker is server/passwordHashWorker.cjs, found beside this
 * file (`__dirname`): a compiled server must ship it next to passwordHashing.js.
 */
import path from 'node:path';
import Piscina from 'piscina';

export interface PasswordHashingSettings {
  /** Worker threads that hash (each uses up to 128 MiB while it hashes at N=2^17). */
  threads: number;
  /** Hashes that may wait for a thread; one more is refused (HashingBusyError). */
  queue: number;
}

export const DEFAULT_PASSWORD_HASHING: PasswordHashingSettings = { threads: 2, queue: 32 };

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

/** Sets the pool's size and queue (server/app.ts, from the options); a pool of other settings is
 * closed once its hashes are done, and the next hash starts the new one. */
export function configurePasswordHashing(next: PasswordHashingSettings) {
  if (next.threads === settings.threads && next.queue === settings.queue) return;
  settings = { ...next };
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

/** What the pool has done and holds now (tests, and the benchmark). */
export function passwordHashingState(): { completed: number; waiting: number; threadIds: number[] } {
  return {
    completed: pool?.completed ?? 0,
    waiting: pool?.queueSize ?? 0,
    threadIds: pool?.threads.map((thread) => thread.threadId) ?? [],
  };
}

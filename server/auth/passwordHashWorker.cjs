/* global require, module, Buffer */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file, loaded by a worker thread as it is */
'use strict';
/**
 * A thread of the password-hashing pool (server/auth/passwordHashing.ts): scrypt, synchronously, on this
 * worker thread, so that hashing never takes one of libuv's 4 threads (file reads, compression,
 * DNS) nor the event loop.
 *
 * Plain CommonJS JavaScript, not TypeScript: a worker thread loads its file with Node's own loader,
 * without the main thread's tsx or jest transform, so this file runs as it is in development
 * (`tsx server/main.ts`), in the tests, and beside a compiled server (the build copies it next to
 * passwordHashing.js; see docs/server.md).
 *
 * A task: { password: string, salt: Uint8Array, keyLength: number, n: number, r: number, p: number,
 * padNs: number[] }. The key is derived with cost n; then scrypt runs once more at each cost of
 * `padNs`, its result thrown away (equal timing, server/auth/security.ts `verifyLoginPassword`).
 * Answers the key's bytes.
 */
const { scryptSync } = require('node:crypto');

/** scrypt needs 128 * N * r bytes; a little more for its own use. */
const maxmem = (n, r) => 128 * n * r + 1024 * 1024;

module.exports = function derive(task) {
  const salt = Buffer.from(task.salt);
  const key = scryptSync(task.password, salt, task.keyLength, { N: task.n, r: task.r, p: task.p, maxmem: maxmem(task.n, task.r) });
  for (const n of task.padNs) scryptSync(task.password, salt, task.keyLength, { N: n, r: task.r, p: task.p, maxmem: maxmem(n, task.r) });
  return key;
};

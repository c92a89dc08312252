/**
 * Where the server finds its files, whether it runs as TypeScript (tsx, jest: this file is
 * `server/paths.ts`) or compiled (`npm run build`: `dist/server/server/paths.js`, the same layout
 * one level down, docs/deploy.md). Files read at run time (`dist/static`, `dist/ssr/render.js`,
 * `server/content/`, `var/`) are looked up from the checkout's root, never from `__dirname`.
 */
import path from 'node:path';

/** true when this file runs compiled to JavaScript (dist/server/), false under tsx or jest. */
export const COMPILED = path.extname(__filename) === '.js';

/** The checkout's root: the folder holding package.json, server/, src/ and dist/. */
export const ROOT = path.resolve(__dirname, COMPILED ? '../../..' : '..');

/**
 * A module of the server to be loaded by path rather than imported (a worker thread's file):
 * `base` (no extension) beside `fromFile` (the caller's `__filename`), with the caller's own
 * extension, so it is `.js` compiled and `.ts` under tsx.
 */
export function siblingModule(fromFile: string, base: string): string {
  return path.join(path.dirname(fromFile), `${base}${path.extname(fromFile)}`);
}

/**
 * Where the server finds its files, whether it runs as TypeScript (tsx, jest: this file is
 * `server/http/paths.ts`) or compiled (`npm run build`: `dist/server/server/http/paths.js`, the same layout
 * one level down, docs/deploy.md). Files read at run time (`dist/static`, `dist/ssr/render.js`,
 * `server/content/`, `var/`) are looked up from the checkout's root, never from `__dirname`.
 */
import path from 'node:path';

/** true when this file runs compiled to JavaScript (dist/server/), false under tsx or jest. */
const COMPILED = path.extname(__filename) === '.js';

/** The checkout's root: the folder holding package.json, server/, src/ and dist/. */
export const ROOT = path.resolve(__dirname, COMPILED ? '../../../..' : '../..');

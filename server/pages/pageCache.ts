/**
 * Signed-out pages drawn once, sent many times (issue 50): a page is drawn with a placeholder where
 * its one per-request value goes (the form's masked CSRF token, docs/security.md control 28),
 * compressed once in each encoding (brotli and gzip) with the encoder flushed around that
 * placeholder, and kept. Each request then gets the kept bytes with its own value spliced in as an
 * uncompressed block (a stored deflate block, an uncompressed brotli meta-block): nothing is drawn
 * or compressed again, and the page is byte for byte the one a fresh draw gives
 * (server/test/pageCache.test.ts). The masked token never passes through a compressor, so it is
 * never compressed beside anything an attacker reflects into the page (BREACH, control 28).
 *
 * Why the splice is exact: both decoders copy an uncompressed block as it is and keep no state of
 * it but the window (brotli: and the last two bytes, which pick the context of the next literals;
 * so the block also takes the two fixed bytes after the value, which are the same in both). The
 * bytes after it decode as the encoder meant unless they copy from the placeholder, which is made
 * of control characters a page never holds (no match can reach it), or the encoder's state moved
 * inside the placeholder (brotli's distance cache). Each entry is checked once as it is made: it is
 * decoded with another value in the hole and compared; an entry that fails is not kept, and its
 * page is drawn afresh on every request, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, constants, crc32, createBrotliCompress, createDeflateRaw, inflateRawSync, type BrotliCompress, type DeflateRaw } from 'node:zlib';
import { maskCsrfToken, randomToken } from '../auth/security';
import type { HtmlEncoding } from './htmlCompression';

/** The length of a masked CSRF token of the cookies this server issues (randomToken: 43 characters): 115. */
export const MASKED_TOKEN_LENGTH = maskCsrfToken(randomToken()).length;

/** Bytes after the hole that the uncompressed block carries too: they fix brotli's literal context after it. */
const FIXED_TAIL = 2;

/**
 * The placeholder drawn where the masked token goes: control characters (never in a page) with no
 * pair repeated, so no encoder finds a match in it, nor a match into it from elsewhere.
 */
export const TOKEN_PLACEHOLDER = (() => {
  const symbols = [...Array.from({ length: 8 }, (_, i) => i + 1), 11, 12, ...Array.from({ length: 18 }, (_, i) => i + 14)];
  const used = new Set<string>();
  const out: number[] = [symbols[0]!];
  while (out.length < MASKED_TOKEN_LENGTH) {
    const previous = out[out.length - 1]!;
    // prefer the largest unused pair: a de Bruijn sequence of pairs, 784 long
    const next = [...symbols].reverse().find((symbol) => !used.has(`${previous},${symbol}`));
    if (next === undefined) throw new Error('placeholder alphabet exhausted');
    used.add(`${previous},${next}`);
    out.push(next);
  }
  return String.fromCharCode(...out);
})();

/** One page's kept bytes: the page around its hole, raw and in each encoding. */
export interface PageTemplate {
  /** The page before the hole, and from the hole's end (its fixed tail included in `after`). */
  before: Buffer;
  after: Buffer;
  /** crc32 of `before`, where a gzip body's checksum starts. */
  beforeCrc: number;
  br: Compressed | null;
  gzip: Compressed | null;
}

interface Compressed {
  /** Everything up to the hole (brotli: with the stream's header), flushed to a byte boundary. */
  head: Buffer;
  /** Everything after the hole's block, to the end of the stream. */
  tail: Buffer;
}

type Encoder = BrotliCompress | DeflateRaw;

/** Writes `parts` through one encoder, flushing after each but the last; the output of each part. */
async function compressParts(encoder: Encoder, parts: Buffer[], flushKind: number): Promise<Buffer[]> {
  const outputs: Buffer[] = [];
  let pending: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => pending.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    encoder.on('end', resolve);
    encoder.on('error', reject);
  });
  for (const [index, part] of parts.entries()) {
    encoder.write(part);
    if (index === parts.length - 1) break;
    await new Promise<void>((resolve) => encoder.flush(flushKind, () => resolve()));
    outputs.push(Buffer.concat(pending));
    pending = [];
  }
  encoder.end();
  await ended;
  outputs.push(Buffer.concat(pending));
  return outputs;
}

/** A deflate stored block holding `data` (the stream is at a byte boundary before it). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00, then padding to the byte
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** A brotli uncompressed meta-block header for `length` bytes (at most 65 536: four nibbles). */
function brotliUncompressedHeader(length: number): Buffer {
  // ISLAST 0, MNIBBLES 0 (four), MLEN-1 in 16 bits, ISUNCOMPRESSED 1, then zero bits to the byte
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The page with `hole` (the masked token plus the fixed tail) in each encoding's kept bytes. */
function assemble(template: PageTemplate, encoding: HtmlEncoding | null, hole: Buffer): Buffer {
  if (encoding === null) return Buffer.concat([template.before, hole, template.after.subarray(FIXED_TAIL)]);
  const compressed = template[encoding];
  if (!compressed) throw new Error(`no ${encoding} bytes kept`);
  if (encoding === 'br') return Buffer.concat([compressed.head, brotliUncompressedHeader(hole.length), hole, compressed.tail]);
  const rest = template.after.subarray(FIXED_TAIL);
  const crc = crc32(rest, crc32(hole, template.beforeCrc));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((template.before.length + hole.length + rest.length) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, compressed.head, storedBlock(hole), compressed.tail, trailer]);
}

/** The hole's bytes for a masked token: the token, then the fixed bytes that follow it in the page. */
function holeOf(template: PageTemplate, maskedToken: string): Buffer {
  return Buffer.concat([Buffer.from(maskedToken, 'latin1'), template.after.subarray(0, FIXED_TAIL)]);
}

/** The page's bytes as one request gets them: its masked token in the hole, in `encoding` (null: none). */
export function pageBytes(template: PageTemplate, encoding: HtmlEncoding | null, maskedToken: string): Buffer {
  if (maskedToken.length !== MASKED_TOKEN_LENGTH) throw new Error('a masked token of another length');
  return assemble(template, encoding, holeOf(template, maskedToken));
}

const decode = (encoding: HtmlEncoding, bytes: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(bytes) : inflateRawSync(bytes.subarray(GZIP_HEADER.length, bytes.length - 8));

/**
 * The template of a page drawn with TOKEN_PLACEHOLDER where its masked token goes, or null when the
 * placeholder is not there exactly once (nothing to splice: the page is drawn afresh every time).
 */
async function makeTemplate(html: string): Promise<PageTemplate | null> {
  const page = Buffer.from(html, 'utf8');
  const placeholder = Buffer.from(TOKEN_PLACEHOLDER, 'latin1');
  const at = page.indexOf(placeholder);
  if (at < 0 || page.indexOf(placeholder, at + 1) >= 0) return null;
  const end = at + placeholder.length;
  if (page.length - end < FIXED_TAIL) return null;
  const before = page.subarray(0, at);
  const after = page.subarray(end);
  const parts = [before, Buffer.concat([placeholder, after.subarray(0, FIXED_TAIL)]), after.subarray(FIXED_TAIL)];
  const brotli = createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
    },
  });
  const [brHead, , brTail] = await compressParts(brotli, parts, constants.BROTLI_OPERATION_FLUSH);
  const [gzHead, , gzTail] = await compressParts(createDeflateRaw({ level: 9 }), parts, constants.Z_SYNC_FLUSH);
  const template: PageTemplate = {
    before,
    after,
    beforeCrc: crc32(before),
    br: { head: brHead!, tail: brTail! },
    gzip: { head: gzHead!, tail: gzTail! },
  };
  // checked once: decoded with another token in the hole, each encoding gives the page with that token
  const probe = maskCsrfToken(randomToken());
  const expected = assemble(template, null, holeOf(template, probe));
  for (const encoding of ['br', 'gzip'] as const) {
    let decoded: Buffer | null = null;
    try {
      decoded = decode(encoding, assemble(template, encoding, holeOf(template, probe)));
    } catch {
      decoded = null;
    }
    if (!decoded?.equals(expected)) template[encoding] = null;
  }
  return template;
}

/**
 * What a drawn page depends on beyond its key: the build (the server render's file and the chunk
 * manifest, by their modification times). A new build empties the cache; time alone never does.
 * `recheckMs`: the files' times are looked at no more often than this (0: on every call).
 */
export function buildIdentity(staticDir: string, recheckMs = 0): string {
  const now = recheckMs > 0 ? Date.now() : 0;
  const seen = identities.get(staticDir);
  if (seen && recheckMs > 0 && now - seen.checkedAt < recheckMs) return seen.identity;
  const mtime = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const identity = `${mtime(path.join(path.dirname(staticDir), 'ssr', 'render.js'))}:${mtime(path.join(staticDir, 'chunk-manifest.json'))}`;
  identities.set(staticDir, { identity, checkedAt: now });
  return identity;
}

/** The identity last seen of each build folder, and when (`recheckMs`: server/pages/preload.ts buildRecheckMs). */
const identities = new Map<string, { identity: string; checkedAt: number }>();

/** The most entries kept: far above pages × languages × the flags a page reads (login: 8). */
const PAGE_CACHE_LIMIT = 200;

/**
 * Kept templates by key (page, language, the flags of the query the page reads: never anything a
 * visitor can vary freely), for one build. A key being drawn is shared by the requests that wait
 * for it; a draw that cannot be kept (null) is not remembered.
 */
export class PageCache {
  private build = '';
  private readonly entries = new Map<string, Promise<PageTemplate | null>>();

  constructor(private readonly identity: () => string) {}

  /** The kept template of `key`, drawn with `draw` when missing; null when the page cannot be kept. */
  async get(key: string, draw: () => Promise<string | null>): Promise<PageTemplate | null> {
    const build = this.identity();
    if (build !== this.build) {
      this.entries.clear();
      this.build = build;
    }
    const kept = this.entries.get(key);
    if (kept) return kept;
    if (this.entries.size >= PAGE_CACHE_LIMIT) return null;
    const made = draw().then(async (html) => (html === null ? null : makeTemplate(html)));
    this.entries.set(key, made);
    const template = await made.catch(() => null);
    if (template === null && this.entries.get(key) === made) this.entries.delete(key);
    return template;
  }

  /** What is kept, for tests: every key, its raw page and the encodings whose splice checked out. */
  async contents(): Promise<Array<{ key: string; page: Buffer; encodings: HtmlEncoding[] }>> {
    const all = await Promise.all(
      [...this.entries].map(async ([key, entry]) => {
        const template = await entry.catch(() => null);
        if (!template) return [];
        const encodings = (['br', 'gzip'] as const).filter((encoding) => template[encoding] !== null);
        return [{ key, page: Buffer.concat([template.before, template.after]), encodings }];
      }),
    );
    return all.flat();
  }
}

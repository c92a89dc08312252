/**
 * A signed-in page's head compressed once (issue 50): the head (server/pages/html.ts `PageParts`:
 * title, stylesheets, antd's styles of the view, preloads, the shell's CSS) is three quarters of
 * go-green's and profile's 33 KB, and the same for every borrower of a page, language, build and
 * view. It is deflated once (level 9) to a byte boundary without ending the stream (Z_SYNC_FLUSH);
 * each request deflates only the rest of its page, with the head as the preset dictionary (the
 * rest's matches may reach into the head, which the browser has just decoded into its window), and
 * the two are one gzip stream: header, the kept blocks, the request's blocks (the last one final),
 * and the trailer's CRC-32 and length of the whole page. Deflate blocks stand alone but for the
 * window, so the browser decodes byte for byte the page a whole-page gzip gives
 * (server/test/keptSignedIn.test.ts). The rest is compressed as it would be in the whole page
 * (its matches into the head are what the whole page's would be), so BREACH's exposure is
 * unchanged (control 28); the head holds nothing of the borrower (control 49).
 *
 * Brotli has no such trick in Node 20: no preset dictionary, and a second stream's meta-blocks
 * cannot follow the first's (the decoder carries the last distances and literal context across,
 * which the second encoder does not know). For these pages brotli at quality 4 was no smaller than
 * this gzip (9 457 against 9 320 bytes for go-green) at four times the CPU, so a request that
 * accepts gzip gets gzip (bench/RESULTS.md "Server-drawn pages").
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * The head's last 8 KiB as the rest's dictionary: go-green's rest deflates to 2 889 bytes with it,
 * 2 824 with the whole 32 KiB window and 3 163 without, for 90, 132 and 83 µs of CPU (one run, at load 12).
 */
const DICTIONARY_BYTES = 8 * 1024;
const HEAD_LEVEL = 9;
const REST_LEVEL = 6;
/** Far above pages × languages × views × builds kept at once; the oldest head goes first. */
const KEPT_HEADS_LIMIT = 100;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

interface KeptHead {
  /** The head deflated, byte-aligned, the stream not ended. */
  deflated: Buffer;
  /** The head's last DICTIONARY_BYTES: the rest's preset dictionary. */
  dictionary: Buffer;
  crc: number;
  length: number;
}

/** The compressed heads one server keeps, by their text (a head's text is its own key: no build check needed). */
export class KeptHeads {
  private readonly heads = new Map<string, KeptHead>();

  private kept(head: string): KeptHead {
    const found = this.heads.get(head);
    if (found) return found;
    const raw = Buffer.from(head, 'utf8');
    const made: KeptHead = {
      deflated: deflateRawSync(raw, { level: HEAD_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
      dictionary: raw.subarray(Math.max(0, raw.length - DICTIONARY_BYTES)),
      crc: crc32(raw),
      length: raw.length,
    };
    if (this.heads.size >= KEPT_HEADS_LIMIT) this.heads.delete(this.heads.keys().next().value!);
    this.heads.set(head, made);
    return made;
  }

  /** The page `head` + `rest` as one gzip stream, the head's part kept. */
  gzip(head: string, rest: string): Buffer {
    const kept = this.kept(head);
    const raw = Buffer.from(rest, 'utf8');
    // at once, not on the thread pool: 62 µs of CPU for main/'s rest, against 252 µs through the pool
    const deflated = deflateRawSync(raw, { level: REST_LEVEL, dictionary: kept.dictionary });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(raw, kept.crc) >>> 0, 0);
    trailer.writeUInt32LE((kept.length + raw.length) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, kept.deflated, deflated, trailer]);
  }

  /** The heads kept, for tests. */
  contents(): string[] {
    return [...this.heads.keys()];
  }
}

/**
 * What the recorder keeps, and what replay compares, is always passed through here: the shared
 * redaction module, plus two things only a recording meets.
 * - RTK Query actions carry `meta.baseQueryMeta` (the fetch Request and Response): dropped.
 * - RTK Query's cache keys embed the serialized arguments (`endpoint({"nonce":"..."})`), as
 *   `queryCacheKey` values and as keys of `api.queries`; sensitive values in them are masked.
 * The result is plain JSON (what the downloaded file will hold).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { isSensitiveKey, redact, REDACTED } from '../../platform/redaction';
import type { RecordedAction } from './recordingFormat';

const SERIALIZED_PAIR = /"((?:[^"\\]|\\.)+)":("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false)/g;

function scrubSerializedArgs(text: string): string {
  if (!text.includes('":')) return text;
  return text.replace(SERIALIZED_PAIR, (pair, key: string) => (isSensitiveKey(key) ? `"${key}":"${REDACTED}"` : pair));
}

function scrub(value: unknown): unknown {
  if (typeof value === 'string') return scrubSerializedArgs(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(scrub);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[scrubSerializedArgs(key)] = scrub(item);
  return copy;
}

function toJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The state as a recording holds it: redacted plain JSON. */
export function sanitizeState<T>(state: T): T {
  return toJson(scrub(redact(state)) as T);
}

/** An action as a recording holds it: redacted plain JSON without the fetch Request/Response. */
export function sanitizeAction(action: UnknownAction): RecordedAction {
  const { meta, ...rest } = action;
  const kept: Record<string, unknown> = { ...rest };
  if (meta !== undefined) {
    if (meta !== null && typeof meta === 'object' && 'baseQueryMeta' in meta) {
      const { baseQueryMeta: _dropped, ...metaRest } = meta as Record<string, unknown>;
      kept.meta = metaRest;
    } else {
      kept.meta = meta;
    }
  }
  return toJson(scrub(redact(kept))) as RecordedAction;
}

/**
 * Turning a source catalog (locales/<code>.json: id -> ICU message) into what Lingui's runtime
 * reads, for one part of the portal. Shared by the webpack loader (scripts/i18n/messagesLoader.ts),
 * the server (its pages and emails) and the tests.
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

export type SourceMessages = Readonly<Record<string, string>>;

/** Every widget's part of a catalog includes these namespaces: the shared components' texts and the validation messages. */
export const SHARED_NAMESPACES = ['common', 'validation'] as const;

/** An id's namespace: what comes before its first dot (`goGreen.problem` -> `goGreen`). */
export const namespaceOf = (id: string) => id.slice(0, id.indexOf('.'));

/**
 * The messages of the given namespaces (plus the shared ones), compiled. A key missing from
 * `source` takes the English text (`fallback`): a borrower never sees a key name; the key check
 * in `npm test` fails on it instead.
 */
export function compileMessages(
  source: SourceMessages,
  {
    namespaces,
    fallback,
    mapText,
    shared = true,
  }: { namespaces?: readonly string[]; fallback?: SourceMessages; mapText?: (text: string) => string; shared?: boolean } = {},
): Messages {
  const wanted = namespaces ? new Set<string>([...(shared ? SHARED_NAMESPACES : []), ...namespaces]) : null;
  const messages: Record<string, CompiledMessage> = {};
  for (const id of Object.keys({ ...fallback, ...source })) {
    if (wanted && !wanted.has(namespaceOf(id))) continue;
    const text = source[id] ?? fallback?.[id];
    if (text === undefined) continue;
    // always the token array, a plain text too: Lingui warns on every read of a string message
    messages[id] = compileMessageOrThrow(text, mapText);
  }
  return messages as Messages;
}

/**
 * The pseudo-locale (PSEUDO_LOCALE): every letter of a text accented, and the text 35 % longer,
 * so a screenshot shows at once which text is cut, overlaps or was never put in the catalog
 * (that one stays plain English). Placeholders and element tags (`<0>`) are kept as they are.
 * A chunk of its own: only a QA page in the pseudo-locale downloads it.
 */
import type { Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

const ACCENTED: Record<string, string> = {
  a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', y: 'ý', s: 'š', z: 'ž',
  A: 'Á', E: 'É', I: 'Í', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', Y: 'Ý', S: 'Š', Z: 'Ž',
};

export const PSEUDO_GROWTH = 0.35;

/** One run of text: accented, then padded with `~` (in words of four) to 35 % more characters. */
export function pseudoText(text: string): string {
  if (text.trim() === '') return text;
  const accented = text.replace(/<\/?\d+\/?>|[a-zA-Z]/g, (match) => ACCENTED[match] ?? match);
  const padding = '~'.repeat(Math.max(1, Math.ceil(text.length * PSEUDO_GROWTH)));
  // in words of four, so a long text can still wrap where a translation's words would
  return `${accented}${padding.replace(/~{4}(?=~)/g, '~~~~ ')}`;
}

function pseudoCompiled(message: CompiledMessage | string): CompiledMessage | string {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token) => {
    // '#' alone is a plural's number
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token);
    const [name, type, format] = token;
    if (!format || typeof format !== 'object') return token;
    const choices = Object.fromEntries(
      Object.entries(format).map(([key, choice]) => [key, Array.isArray(choice) ? pseudoCompiled(choice as CompiledMessage) : choice]),
    );
    return [name, type, choices] as typeof token;
  });
}

/** A compiled part of the catalog, in the pseudo-locale. */
export function pseudoMessages(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, pseudoCompiled(message as CompiledMessage | string)]),
  ) as Messages;
}

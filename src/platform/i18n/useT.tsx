import { useLingui } from '@lingui/react';
import { cloneElement, useCallback, type ReactElement, type ReactNode } from 'react';
import type { MessageId, MessageValues } from './messageId';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * The current language's text of a message id. A string that is not an id comes back as it is:
 * field errors are either ids (the portal's own rules) or the server's texts, which arrive in
 * the borrower's language already.
 */
export function useT(): Translate {
  const { i18n, _ } = useLingui();
  // `_` changes with the language, so components re-render with the new texts
  return useCallback<Translate>((id, values) => (i18n.messages[id] === undefined ? id : _(id, values)), [i18n, _]);
}

const ELEMENT = /<(\d+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with elements inside it: `<0>…</0>` in the catalog is `components[0]` around that
 * text, so a translation can move the bold part or the link where its grammar wants it. Our
 * messages never nest elements; the key check holds every language to the English tags.
 * Lingui's own `Trans` does more (nesting, void tags) for about 0.9 KB brotli on every page,
 * which the byte budget of the registration page does not have.
 */
export function T({ id, values, components = {} }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactElement> }) {
  const text = useT()(id, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ELEMENT)) {
    const [whole, index = '', inner] = match;
    parts.push(text.slice(last, match.index));
    const element = components[index];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

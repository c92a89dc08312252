import { Trans, useLingui } from '@lingui/react';
import { useCallback, type ReactElement } from 'react';
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

/**
 * A message with elements inside it: `<0>…</0>` in the catalog is `components[0]` here, so a
 * translation can move the bold part where its grammar wants it.
 */
export function T({ id, values, components }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactElement> }) {
  return <Trans id={id} values={values} components={components} />;
}

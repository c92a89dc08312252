import type { MessageId, MessageValues } from '../platform/i18n/messageId';
import { testI18n } from './testI18n';

const englishI18n = testI18n('en');

/** A message's English text: what a test expects on screen (the catalog holds the spec's texts). */
export const english = (id: MessageId, values?: MessageValues): string => englishI18n._(id, values);

/**
 * A message's id: a key of the English catalog, so `tsc` refuses an id that has no text. The
 * catalogs are the one place of the portal's texts (docs/architecture.md, "Texts").
 */
import type english from './locales/en.json';

export type MessageId = keyof typeof english;

/** Values of a message's placeholders (dates as timestamps: Lingui reads other objects as elements). */
export type MessageValues = Readonly<Record<string, string | number>>;

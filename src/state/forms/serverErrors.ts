/**
 * Where each text of a server's error list belongs (issue 39, E5): on the field it names, or in the
 * form's alert. Pure, so the form's fields and its alert place the same texts the same way.
 *
 * A text names its field by a leading label, "Username: That username is already taken." (the
 * reference server writes `{field}: {message}` in the borrower's language, server/routes/account.ts),
 * compared without case with the field's key and its label (the form's own, in the page's language).
 * A text without such a label goes to the one field the answer refused when the answer
 * names exactly one that no labelled text took (`{ errors: ["This email address is already in use…"],
 * fields: ["email"] }`). Anything else stays in the alert only.
 */

export interface PlacedServerError<F extends string> {
  /** The server's text, as it came: what the alert shows. */
  text: string;
  /** The field it concerns, or null: the alert only. */
  field: F | null;
  /** What the field shows: the text without its leading label. */
  message: string;
}

/** "Label: message": a short label without sentence punctuation, then the message. */
const LABELLED = /^([^:.!?\n]{1,40}):\s+(\S[\s\S]*)$/;

const normalized = (text: string) => text.trim().toLocaleLowerCase();

export function placeServerErrors<F extends string>(
  errors: readonly string[],
  /** The fields the server refused and the borrower has not changed since; only these take a text. */
  rejected: readonly F[],
  /** Every field of the form, in its order: a text labelled for one no longer refused stays in the alert. */
  known: readonly F[],
  /** Every name a field goes by: its key is added here. */
  labelsOf: (field: F) => readonly string[],
): Array<PlacedServerError<F>> {
  const named: Array<F | null> = errors.map((text) => {
    const label = normalized(LABELLED.exec(text)?.[1] ?? '');
    if (!label) return null;
    return known.find((field) => [field, ...labelsOf(field)].some((name) => normalized(name) === label)) ?? null;
  });
  const placed = errors.map((text, index): PlacedServerError<F> => {
    const field = named[index] ?? null;
    if (field === null || !rejected.includes(field)) return { text, field: null, message: text };
    return { text, field, message: LABELLED.exec(text)?.[2] ?? text };
  });
  // a text that names no field goes to the one refused field no text names, if there is exactly one of each
  const unnamed = placed.filter((_, index) => named[index] === null);
  const untaken = rejected.filter((field) => !named.includes(field));
  if (unnamed.length === 1 && untaken.length === 1 && unnamed[0]) unnamed[0].field = untaken[0] ?? null;
  return placed;
}

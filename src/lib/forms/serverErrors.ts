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
  /** The fields the server refused, in the form's order; only these can take a text. */
  rejected: readonly F[],
  /** Every name a field goes by: its key is added here. */
  labelsOf: (field: F) => readonly string[],
): Array<PlacedServerError<F>> {
  const placed = errors.map((text): PlacedServerError<F> => {
    const labelled = LABELLED.exec(text);
    if (labelled) {
      const label = normalized(labelled[1] ?? '');
      const field = rejected.find((candidate) => [candidate, ...labelsOf(candidate)].some((name) => normalized(name) === label));
      if (field) return { text, field, message: labelled[2] ?? text };
    }
    return { text, field: null, message: text };
  });
  const unplaced = placed.filter((error) => error.field === null);
  const untaken = rejected.filter((field) => !placed.some((error) => error.field === field));
  if (unplaced.length === 1 && untaken.length === 1 && unplaced[0]) unplaced[0].field = untaken[0] ?? null;
  return placed;
}

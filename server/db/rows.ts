/**
 * A record is its row (issue 51 item 7): each column under its camelCase name, a flag as a boolean.
 * The record types are derived from the columns a repository reads (`RecordOf`, as fastify/demo
 * derives its types from Kysely's `Selectable`), never restated: a new column reaches the routes
 * through its repository's table and column list alone, and an answer that names it in snake_case,
 * as the API does, takes it back with `asColumns`.
 */
import { flag } from './dialect';

/** 'email_address' → 'emailAddress'. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** A row's record: each column under its camelCase name, the `Flags` columns as booleans. */
export type RecordOf<Row, Flags extends keyof Row = never> = {
  [Column in keyof Row & string as CamelCase<Column>]: Column extends Flags ? boolean : Row[Column];
};

const camelCaseNames = new Map<string, string>();
const camelCase = (column: string): string => {
  let name = camelCaseNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    camelCaseNames.set(column, name);
  }
  return name;
};

/** The record of `row`; the columns named in `flags` read as booleans (0/1 on SQLite, true/false on PostgreSQL). */
export function recordOf<Row extends object, Flags extends keyof Row & string = never>(row: Row, flags: readonly Flags[] = []): RecordOf<Row, Flags> {
  const record: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    record[camelCase(column)] = (flags as readonly string[]).includes(column) ? flag(value as number | boolean) : value;
  }
  return record as RecordOf<Row, Flags>;
}

/** A reader of just these columns of a row (one that also holds another table's, or a session's), as
 * `recordOf` reads them, into `record` (the fields the caller sets first): the names worked out once,
 * for the reads every signed-in request makes (about 0.2 µs an account, measured in 048d363). */
export function columnsReader<Column extends string, Flags extends Column = never>(columns: readonly Column[], flags: readonly Flags[] = []) {
  const names = columns.map(camelCase);
  const isFlag = columns.map((column) => (flags as readonly string[]).includes(column));
  return <Row extends Record<Column, unknown>, Fields extends object>(row: Row, record: Fields): Fields & RecordOf<Pick<Row, Column>, Flags> => {
    const into = record as Record<string, unknown>;
    for (let index = 0; index < columns.length; index++) {
      const value = row[columns[index]!];
      into[names[index]!] = isFlag[index] ? flag(value as number | boolean) : value;
    }
    return record as Fields & RecordOf<Pick<Row, Column>, Flags>;
  };
}

/** The fields of a record under their column names (an answer's, spec section 7): what `columns`
 * names and the record lacks is `undefined`, which the answer's type then refuses. */
export function asColumns<R extends object, Column extends string>(
  record: R,
  columns: readonly Column[],
): { [C in Column]: CamelCase<C> extends keyof R ? R[CamelCase<C>] : undefined } {
  const fields: Record<string, unknown> = {};
  for (const column of columns) fields[column] = (record as Record<string, unknown>)[camelCase(column)];
  return fields as { [C in Column]: CamelCase<C> extends keyof R ? R[CamelCase<C>] : undefined };
}

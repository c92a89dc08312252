/**
 * What the contract's valibot schemas need besides valibot (src/api/schemas.ts, the server's route
 * schemas, the recording schema): objects that refuse arrays, as JSON Schema's do (a valibot
 * object takes any `typeof 'object'`), and where an issue is, as field names: what the base
 * query reports (src/api/baseApi.ts) and the server's 400 texts name (server/routes/declarations.ts).
 */
import * as v from 'valibot';

/** The schema, refusing an array with its own type issue ("Expected a JSON object" at a body's root);
 * its Standard Schema interface (`~standard`) runs the same check. */
function refusingArrays<S extends v.GenericSchema>(schema: S): S {
  return v._standardSchema<S>({
    ...schema,
    '~run'(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      if (!Array.isArray(dataset.value)) return schema['~run'](dataset, config);
      v._addIssue(this, 'type', dataset, config);
      return dataset as unknown as v.OutputDataset<v.InferOutput<S>, v.InferIssue<S>>;
    },
  });
}

/** A JSON object; other fields are taken (and dropped from the output). */
export const object = <E extends v.ObjectEntries>(entries: E) => refusingArrays(v.object(entries));
/** A JSON object of these fields alone: another field is refused ("Unknown field in the request"). */
export const strictObject = <E extends v.ObjectEntries>(entries: E) => refusingArrays(v.strictObject(entries));
/** A JSON object whose other fields are kept. */
export const looseObject = <E extends v.ObjectEntries>(entries: E) => refusingArrays(v.looseObject(entries));
/** A JSON object of any keys, each value checked. */
export const record = <V extends v.GenericSchema>(value: V) => refusingArrays(v.record(v.string(), value));

/** An unknown key of a strict object: valibot's issue names it as the last step of the path. */
export function isUnknownKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  return issue.kind === 'schema' && issue.expected === 'never' && issue.path?.at(-1)?.origin === 'key';
}

/** The keys from the value's root to the field the issue is about (an unknown field: the object that holds it). */
export function issueKeys(issue: v.BaseIssue<unknown>): unknown[] {
  const keys = (issue.path ?? []).map((item) => item.key);
  return isUnknownKeyIssue(issue) ? keys.slice(0, -1) : keys;
}

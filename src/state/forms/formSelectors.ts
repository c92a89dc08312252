/**
 * The derived side of a form slice: errors come from the pure rules of src/lib/validation and are
 * memoized on the values object, so a keystroke validates once however many fields read them.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { FieldErrors } from '../../lib/validation/rules';
import type { FormState } from './createFormSlice';

export interface FormSelectors<S, V extends object, K extends string> {
  selectForm: (state: S) => FormState<V>;
  selectValues: (state: S) => V;
  selectErrors: (state: S) => FieldErrors<K>;
  selectIsValid: (state: S) => boolean;
  /** The first field with an error, in the order the form shows them; focus goes there on submit. */
  selectFirstInvalidField: (state: S) => K | null;
}

export function createFormSelectors<S, V extends object, K extends string>(
  selectForm: (state: S) => FormState<V>,
  validate: (values: V) => FieldErrors<K>,
  fieldOrder: readonly K[],
): FormSelectors<S, V, K> {
  const selectValues = (state: S) => selectForm(state).values;
  const selectErrors = createSelector([selectValues], validate);
  const selectFirstInvalidField = createSelector(
    [selectErrors],
    (errors) => fieldOrder.find((field) => errors[field] !== undefined) ?? null,
  );
  const selectIsValid = (state: S) => selectFirstInvalidField(state) === null;
  return { selectForm, selectValues, selectErrors, selectIsValid, selectFirstInvalidField };
}

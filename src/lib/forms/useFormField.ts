/**
 * React bindings of a form slice. Each input subscribes to its own value, its own error string
 * and whether its status shows, so a keystroke re-renders the one field that changed.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import type { FormState } from './createFormSlice';

export interface FormBinding<V extends object> {
  /** The slice name; it prefixes the ids of the form's inputs. */
  name: string;
  actions: {
    fieldChanged(payload: Partial<V>): UnknownAction;
    fieldBlurred(field: keyof V & string): UnknownAction;
    submitted(): UnknownAction;
    formOpened(): UnknownAction;
  };
  selectForm(state: RootState): FormState<V>;
  selectErrors(state: RootState): Partial<Record<string, string>>;
  selectFirstInvalidField(state: RootState): string | null;
}

/** The keys of V whose values are strings (text inputs) or booleans (checkboxes). */
export type StringField<V> = { [F in keyof V & string]: V[F] extends string ? F : never }[keyof V & string];
export type BooleanField<V> = { [F in keyof V & string]: V[F] extends boolean ? F : never }[keyof V & string];

export function fieldId(formName: string, field: string): string {
  return `${formName}-${field}`;
}

export function useFieldValue<V extends object, F extends keyof V & string>(form: FormBinding<V>, field: F): V[F] {
  return useAppSelector((state) => form.selectForm(state).values[field]);
}

/** Nothing typed: an empty string, or only spaces (which the required rule counts as nothing too). */
export function isEmptyValue(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() === '' : value === null || value === undefined;
}

/**
 * Whether a field shows its status (spec section 4: none, error or success, only after submit).
 * An empty field is never marked a success: it shows its error (e.g. required) or nothing, even
 * when its rules pass (a confirmation left empty "matches" an empty original).
 */
export function showsFieldStatus(submitted: boolean, error: string | null | undefined, value: unknown): boolean {
  return submitted && (Boolean(error) || !isEmptyValue(value));
}

/**
 * The field's derived error and whether its status shows (after submit; never a success while
 * empty). FormField's `submitted` takes `showStatus`.
 */
export function useFieldFeedback<V extends object>(form: FormBinding<V>, field: keyof V & string) {
  const error = useAppSelector((state) => form.selectErrors(state)[field] ?? null);
  const showStatus = useAppSelector((state) => {
    const { submitted, values } = form.selectForm(state);
    return showsFieldStatus(submitted, form.selectErrors(state)[field], values[field]);
  });
  return { error, showStatus };
}

export function useFieldHandlers<V extends object, F extends keyof V & string>(form: FormBinding<V>, field: F) {
  const dispatch = useAppDispatch();
  const onValue = useCallback(
    (value: V[F]) => dispatch(form.actions.fieldChanged({ [field]: value } as unknown as Partial<V>)),
    [dispatch, form, field],
  );
  const onBlur = useCallback(() => dispatch(form.actions.fieldBlurred(field)), [dispatch, form, field]);
  return { onValue, onBlur };
}

/**
 * The submit handler: `<form>/submitted` (every field touched; the saga decides whether to send),
 * then DOM focus on the first invalid field, in field order (spec section 4).
 */
export function useFormSubmit<V extends object>(form: FormBinding<V>) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  return useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      dispatch(form.actions.submitted());
      const firstInvalid = form.selectFirstInvalidField(store.getState());
      if (firstInvalid !== null) document.getElementById(fieldId(form.name, firstInvalid))?.focus();
    },
    [dispatch, store, form],
  );
}

/** Tells the form its page was opened: a form already sent starts afresh (createFormSlice `formOpened`). */
export function useFormOpened<V extends object>(form: FormBinding<V>) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(form.actions.formOpened());
  }, [dispatch, form]);
}

/**
 * React bindings of a form slice. Each input subscribes to its own value, its own error string
 * and the form's `submitted` flag, so a keystroke re-renders the one field that changed.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../hooks';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import type { FormState, FormStatus } from './createFormSlice';
import { placeServerErrors, type PlacedServerError } from './serverErrors';
import { carryOnLanguageSwitch, takeCarriedValues } from './languageSwitchCarry';
import { messageShown } from '../snackbarSlice';

/**
 * A form slice as its inputs bind to it. `S` is the state of the store it binds to: a feature's
 * binding reads only its own slice (`{ login: FormState<LoginValues> }`), and the hooks below take
 * whatever store the Provider gives (`unknown`), so nothing here names the root state.
 */
export interface FormBinding<V extends object, S = unknown> {
  /** The slice name; it prefixes the ids of the form's inputs. */
  name: string;
  actions: {
    fieldChanged(payload: Partial<V>): UnknownAction;
    fieldBlurred(field: keyof V & string): UnknownAction;
    submitted(): UnknownAction;
    formOpened(): UnknownAction;
  };
  selectForm(state: S): FormState<V>;
  selectErrors(state: S): Partial<Record<string, string>>;
  selectFirstInvalidField(state: S): string | null;
  /**
   * The fields' labels, as message ids: a server error that starts with one ("Username: …") is shown
   * on that field (placeServerErrors). A form without them keeps the server's texts in its alert.
   */
  labels?: Readonly<Partial<Record<string, MessageId>>>;
}


export function fieldId(formName: string, field: string): string {
  return `${formName}-${field}`;
}

export function useFieldValue<V extends object, F extends keyof V & string>(form: FormBinding<V>, field: F): V[F] {
  return useAppSelector((state) => form.selectForm(state).values[field]);
}

/**
 * The field's derived error, whether statuses are shown yet (only after submit), and whether the
 * server has just refused it (then it shows no success mark).
 */
export function useFieldFeedback<V extends object>(form: FormBinding<V>, field: keyof V & string) {
  const ruleError = useAppSelector((state) => form.selectErrors(state)[field] ?? null);
  const submitted = useAppSelector((state) => form.selectForm(state).submitted);
  const rejected = useAppSelector((state) => {
    const { rejectedFields, rejectedCopies } = form.selectForm(state);
    return (rejectedFields?.includes(field) ?? false) || (rejectedCopies?.includes(field) ?? false);
  });
  // the form's own rule first; else what the server said of this field, while it stays as refused
  const serverError = usePlacedServerErrors(form).find((placed) => placed.field === field)?.message ?? null;
  return { error: ruleError ?? serverError, submitted, rejected };
}

const NO_ERRORS: readonly string[] = [];
const NO_FIELDS: readonly string[] = [];

/**
 * The server's error list of the last refusal, each text placed on the field it names if that field
 * is still as the server refused it (placeServerErrors), in the page's language; [] when none.
 */
export function usePlacedServerErrors<V extends object>(form: FormBinding<V>): Array<PlacedServerError<keyof V & string>> {
  const t = useT();
  const errors = useAppSelector((state) => form.selectForm(state).serverErrors ?? NO_ERRORS);
  const rejected = useAppSelector((state) => form.selectForm(state).rejectedFields ?? NO_FIELDS) as ReadonlyArray<keyof V & string>;
  const { labels } = form;
  return useMemo(() => {
    if (errors.length === 0) return [];
    const labelsOf = (field: keyof V & string) => {
      const id = labels?.[field];
      return id ? [t(id)] : [];
    };
    return placeServerErrors(errors, labels ? rejected : [], Object.keys(labels ?? {}) as Array<keyof V & string>, labelsOf);
  }, [errors, rejected, labels, t]);
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
  const store = useAppStore();
  useEffect(() => {
    dispatch(form.actions.formOpened());
    const { sessionStore } = store.dependencies;
    // back from the header's language switch: what was typed (but the sensitive fields) comes back
    const carried = takeCarriedValues(form.name, sessionStore);
    if (carried && Object.keys(carried.values).length > 0) dispatch(form.actions.fieldChanged(carried.values as Partial<V>));
    if (carried?.cleared) dispatch(messageShown('common.languageSwitch.cleared' satisfies MessageId, 'info'));
    return carryOnLanguageSwitch(form.name, () => form.selectForm(store.getState()).values, sessionStore);
  }, [dispatch, form, store]);
}

/**
 * The form's message (createFormSlice `serverMessage`) while the form's status is `status` ('failed':
 * the refusal; 'succeeded': the answer), in the page's language; otherwise null. A text the server
 * sent is shown as it came.
 */
export function useFormMessage<V extends object>(form: FormBinding<V>, status: FormStatus): string | null {
  const t = useT();
  const message = useAppSelector((state) => {
    const { status: current, serverMessage } = form.selectForm(state);
    return current === status ? serverMessage : null;
  });
  const values = useAppSelector((state) => form.selectForm(state).messageValues);
  return message ? t(message as MessageId, values) : null;
}

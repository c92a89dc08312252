/**
 * Every form of the portal is a slice of the central store, so Redux DevTools time travel and a
 * replayed recording show exactly what was typed. Keystrokes are one small `fieldChanged` action;
 * errors are derived by memoized selectors (never stored), so they cannot go stale.
 *
 * `fieldChanged` carries `{ [field]: value }`, so the redaction module hides a password or SSN
 * by its key in DevTools, error reports and recordings.
 */
import {
  createSlice,
  type ActionReducerMapBuilder,
  type CaseReducer,
  type PayloadAction,
  type SliceCaseReducers,
  type SliceSelectors,
  type ValidateSliceCaseReducers,
} from '@reduxjs/toolkit';
import type { MessageId, MessageValues } from '../../platform/i18n/messageId';

export type FormStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

/**
 * What a submit answers with: a message id (src/platform/i18n), a text the server sent in the
 * borrower's language, or an id with the values of its placeholders. Ids, not texts, go into the
 * store, so a recording replays in any language; the form translates when it renders.
 */
export type FormMessage = string | { id: MessageId; values: MessageValues };

export interface FormState<V extends object> {
  values: V;
  touched: Partial<Record<keyof V & string, boolean>>;
  /** true once the borrower has pressed submit: statuses (error/success) show only then */
  submitted: boolean;
  status: FormStatus;
  /** the message to show after a submit: a message id, or a text the server sent (FormMessage) */
  serverMessage: string | null;
  /** The values of `serverMessage`'s placeholders; absent when it has none. */
  messageValues?: MessageValues;
  /**
   * The fields the server has just refused (`fieldsRejected`): they show no success mark until
   * the borrower changes them. Absent until a refusal, so a form's first state is unchanged.
   */
  rejectedFields?: string[];
  /** Confirmation fields whose original was refused (`confirmations`): no success mark until changed. */
  rejectedCopies?: string[];
  /**
   * The error list of the server's last refusal (`serverErrorsReceived`), texts in the borrower's
   * language: each is shown on the field it names (`placeServerErrors`) while that field stays as
   * it was refused. Absent until a refusal with a list.
   */
  serverErrors?: string[];
  /** The server checks of the fields that have one (`checkedFields`), by field. Absent until one is typed into. */
  checks?: Partial<Record<string, FieldCheck>>;
}

/**
 * A server-side check of a field as it is typed (e.g. go-green's address): pending from the
 * keystroke until the saga's answer for that value; an answer for an older value changes nothing.
 */
interface FieldCheck {
  value: string;
  status: 'pending' | 'valid' | 'invalid';
  /** Why the server refused the value, when it said. */
  message: string | null;
}

export interface FieldCheckAnswer<V> {
  field: keyof V & string;
  value: string;
}

/** Puts a submit's message into the state: the id (or text) and, if it has any, its values. */
function setServerMessage(state: Pick<FormState<object>, 'serverMessage' | 'messageValues'>, message: FormMessage | null | undefined) {
  if (message !== null && typeof message === 'object') {
    state.serverMessage = message.id;
    state.messageValues = message.values;
  } else {
    state.serverMessage = message ?? null;
    delete state.messageValues;
  }
}

export function initialFormState<V extends object>(values: V): FormState<V> {
  return { values, touched: {}, submitted: false, status: 'idle', serverMessage: null };
}

/** The reducers every form shares, on a state `S` that holds the form `V` (and the feature's own fields). */
type FormCaseReducers<V extends object, S> = {
  fieldChanged: CaseReducer<S, PayloadAction<Partial<V>>>;
  fieldBlurred: CaseReducer<S, PayloadAction<keyof V & string>>;
  submitted: CaseReducer<S>;
  submissionStarted: CaseReducer<S>;
  submissionSucceeded: CaseReducer<S, PayloadAction<FormMessage | null | undefined>>;
  submissionFailed: CaseReducer<S, PayloadAction<FormMessage | null | undefined>>;
  fieldsRejected: CaseReducer<S, PayloadAction<Array<keyof V & string>>>;
  serverErrorsReceived: CaseReducer<S, PayloadAction<string[]>>;
  fieldCheckSucceeded: CaseReducer<S, PayloadAction<FieldCheckAnswer<V>>>;
  fieldCheckFailed: CaseReducer<S, PayloadAction<FieldCheckAnswer<V> & { message: string | null }>>;
  formReset: CaseReducer<S>;
  formOpened: CaseReducer<S>;
};

/** Submit was pressed: every field is touched, the last message goes; a saga decides whether to send. */
export function markSubmitted(state: FormState<object>) {
  for (const field of Object.keys(state.values)) (state.touched as Record<string, boolean>)[field] = true;
  state.submitted = true;
  setServerMessage(state, null);
}

/** The form's own fields back as they started (`values` as given), the feature's other fields untouched. */
export function resetFormFields<V extends object>(state: FormState<V>, values: V) {
  const fresh = initialFormState(values);
  for (const key of FORM_KEYS) delete (state as Partial<FormState<V>>)[key];
  Object.assign(state, fresh);
}

/** Every key a form's part of a state may have (the optional ones included). */
const FORM_KEYS = [
  'values',
  'touched',
  'submitted',
  'status',
  'serverMessage',
  'messageValues',
  'rejectedFields',
  'rejectedCopies',
  'serverErrors',
  'checks',
] as const satisfies ReadonlyArray<keyof FormState<object>>;

/**
 * The one form pattern: a feature's slice is its form (`FormState<V>`) plus the feature's own fields
 * (`state`: a wizard's step, a dialog's phase, a request's status), one `createSlice`, one state.
 * The shared reducers and the feature's own (`reducers`, which may replace a shared one, calling
 * `markSubmitted` or `resetFormFields` for the form's part) make its actions:
 * `<name>/fieldChanged`, `fieldBlurred`, `submitted`, `submissionStarted`, `submissionSucceeded`,
 * `submissionFailed`, `fieldsRejected`, `serverErrorsReceived`, `fieldCheckSucceeded`,
 * `fieldCheckFailed`, `formReset`, `formOpened`, then the feature's. A fresh form (`formReset`,
 * `formOpened` after a success) is the whole initial state, but for the fields named in `keptOnReset`.
 */
export function createFormSlice<
  V extends object,
  CR extends SliceCaseReducers<FormState<V> & E> = {},
  // the literal name keeps the slice's key (e.g. `registration`) in RootState
  Name extends string = string,
  E extends object = {},
>(options: {
  name: Name;
  initialValues: V;
  /** The feature's own fields beside the form's, with their initial values. */
  state?: E;
  /** Fields of `state` that a fresh form keeps as they are (e.g. the reset page's nonce status). */
  keptOnReset?: ReadonlyArray<keyof E & string>;
  /** The slice's own case reducers, beside the shared ones (createSlice's `reducers`): each makes an action. */
  reducers?: ValidateSliceCaseReducers<FormState<V> & E, CR>;
  /** Actions of other slices this one answers (createSlice's `extraReducers`), matched by their own creators. */
  extraReducers?: (builder: ActionReducerMapBuilder<FormState<V> & E>) => void;
  /**
   * Fields the server checks as they are typed, each with whether a value goes to the check (the
   * rules pass): then `fieldChanged` makes its check pending, and `fieldCheckSucceeded` /
   * `fieldCheckFailed` settle it.
   */
  checkedFields?: Partial<Record<keyof V & string, (value: string) => boolean>>;
  /**
   * Each confirmation field and the field it repeats (`{ email2: 'email' }`): refused with it, so
   * no green tick sits beside the copy of a value the server has just refused.
   */
  confirmations?: Partial<Record<keyof V & string, keyof V & string>>;
}) {
  type S = FormState<V> & E;
  const checkedFields: Partial<Record<string, (value: string) => boolean>> = options.checkedFields ?? {};
  const confirmations: Partial<Record<string, string>> = options.confirmations ?? {};
  const kept: ReadonlyArray<string> = options.keptOnReset ?? [];
  const initialState = { ...initialFormState(options.initialValues), ...options.state } as S;
  const fresh = (state: FormState<V>): S => {
    const next = { ...initialState } as Record<string, unknown>;
    for (const key of kept) next[key] = (state as unknown as Record<string, unknown>)[key];
    return next as S;
  };
  const shared = {
    fieldChanged(state: FormState<V>, action: PayloadAction<Partial<V>>) {
      Object.assign(state.values as object, action.payload);
      for (const [field, value] of Object.entries(action.payload)) {
        const checked = checkedFields[field];
        if (!checked) continue;
        const checks = (state.checks ??= {});
        if (typeof value === 'string' && checked(value)) checks[field] = { value, status: 'pending', message: null };
        else delete checks[field];
      }
      if (state.rejectedFields) {
        const changed = Object.keys(action.payload);
        if (state.rejectedCopies) state.rejectedCopies = state.rejectedCopies.filter((field) => !changed.includes(field));
        const wasRejected = state.rejectedFields.length > 0;
        state.rejectedFields = state.rejectedFields.filter((field) => !changed.includes(field));
        if (wasRejected && state.rejectedFields.length === 0 && state.status === 'failed') {
          // every refused field has been changed: the refusal's alert and texts no longer apply
          state.status = 'idle';
          setServerMessage(state, null);
          delete state.serverErrors;
        }
      }
    },
    fieldBlurred(state: FormState<V>, action: PayloadAction<keyof V & string>) {
      (state.touched as Record<string, boolean>)[action.payload] = true;
    },
    submitted: markSubmitted,
    submissionStarted(state: FormState<V>) {
      state.status = 'submitting';
      setServerMessage(state, null);
      delete state.serverErrors;
    },
    submissionSucceeded(state: FormState<V>, action: PayloadAction<FormMessage | null | undefined>) {
      delete state.rejectedFields;
      delete state.rejectedCopies;
      delete state.serverErrors;
      state.status = 'succeeded';
      setServerMessage(state, action.payload);
    },
    submissionFailed(state: FormState<V>, action: PayloadAction<FormMessage | null | undefined>) {
      state.status = 'failed';
      setServerMessage(state, action.payload);
    },
    /**
     * The server refused these fields (a 4xx answer about what was typed): their success marks
     * go until they are changed, so no green tick sits beside a field the server has just refused.
     */
    fieldsRejected(state: FormState<V>, action: PayloadAction<Array<keyof V & string>>) {
      state.rejectedFields = action.payload;
      const copies = Object.entries(confirmations)
        .filter(([confirmation, original]) => original && action.payload.includes(original as keyof V & string) && !action.payload.includes(confirmation as keyof V & string))
        .map(([confirmation]) => confirmation);
      if (copies.length > 0) state.rejectedCopies = copies;
      else delete state.rejectedCopies;
    },
    /** The error list of a refusal: each text goes on the field it names (placeServerErrors), the rest stay in the alert. */
    serverErrorsReceived(state: FormState<V>, action: PayloadAction<string[]>) {
      state.serverErrors = action.payload;
    },
    /** The server accepted the value of a checked field. */
    fieldCheckSucceeded(state: FormState<V>, action: PayloadAction<FieldCheckAnswer<V>>) {
      const check = state.checks?.[action.payload.field];
      if (check?.value === action.payload.value) check.status = 'valid';
    },
    /** The server refused the value of a checked field (`message`: its reason, when it gave one). */
    fieldCheckFailed(state: FormState<V>, action: PayloadAction<FieldCheckAnswer<V> & { message: string | null }>) {
      const check = state.checks?.[action.payload.field];
      if (check?.value !== action.payload.value) return;
      check.status = 'invalid';
      check.message = action.payload.message;
    },
    formReset: fresh,
    /**
     * The form's page was opened (again, in the portal app): a finished form starts afresh,
     * a form in progress keeps everything typed.
     */
    formOpened(state: FormState<V>) {
      return state.status === 'succeeded' ? fresh(state) : undefined;
    },
  };
  return createSlice<S, FormCaseReducers<V, S> & CR, Name, SliceSelectors<S>, Name>({
    name: options.name,
    initialState,
    reducers: { ...(shared as unknown as FormCaseReducers<V, S>), ...(options.reducers as CR) } as ValidateSliceCaseReducers<
      S,
      FormCaseReducers<V, S> & CR
    >,
    ...(options.extraReducers ? { extraReducers: options.extraReducers } : {}),
  });
}

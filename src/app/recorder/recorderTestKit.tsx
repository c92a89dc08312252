/**
 * Test-only: a small form slice injected into the root reducer, with a controlled form that
 * renders it, so the recorder can be tested on form keystrokes whatever state the feature
 * forms are in.
 */
import { createFormSlice } from '../../lib/forms/createFormSlice';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { rootReducer, type RootState } from '../rootReducer';

export interface TestFormValues {
  firstname: string;
  password: string;
  ssn: string;
  dob: string;
}

export const testFormSlice = createFormSlice({
  name: 'qaTestForm',
  initialValues: { firstname: '', password: '', ssn: '', dob: '' } as TestFormValues,
});

rootReducer.inject(testFormSlice);

export type TestFormState = ReturnType<typeof testFormSlice.getInitialState>;

export function selectTestForm(state: RootState): TestFormState {
  // createFormSlice types the name as string, so the injected key is not on RootState.
  return (state as unknown as { qaTestForm?: TestFormState }).qaTestForm ?? testFormSlice.getInitialState();
}

/** Controlled inputs: what the store holds is what the borrower sees. */
export function TestForm() {
  const dispatch = useAppDispatch();
  const values = useAppSelector((state: RootState) => selectTestForm(state).values);
  const fields: Array<[keyof TestFormValues, string]> = [
    ['firstname', 'First name'],
    ['password', 'Password'],
    ['ssn', 'SSN'],
    ['dob', 'Date of birth'],
  ];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        dispatch(testFormSlice.actions.submitted());
      }}
    >
      {fields.map(([field, label]) => (
        <label key={field}>
          {label}
          <input
            value={values[field]}
            onChange={(event) => dispatch(testFormSlice.actions.fieldChanged({ [field]: event.target.value }))}
          />
        </label>
      ))}
      <button type="submit">Submit</button>
    </form>
  );
}

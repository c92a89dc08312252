/**
 * Test-only: a small form slice, in the store as a feature of its own (`makeStore({ moreFeatures })`) and
 * injected into the root reducer the replay runs, so the recorder can be tested on form keystrokes
 * whatever state the feature forms are in.
 */
import type { Feature } from '../../state/feature';
import { createFormSlice } from '../../state/forms/createFormSlice';
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

export const testFormFeature = { name: 'qaTestForm', slices: [testFormSlice], sagas: [] } satisfies Feature;

export type TestFormState = ReturnType<typeof testFormSlice.getInitialState>;

export function selectTestForm(state: RootState): TestFormState {
  // createFormSlice types the name as string, so the injected key is not on RootState.
  return (state as unknown as { qaTestForm?: TestFormState }).qaTestForm ?? testFormSlice.getInitialState();
}


import { createFormSlice } from './createFormSlice';
import { placeServerErrors } from './serverErrors';

const LABELS: Record<string, string[]> = { username: ['Username'], email: ['Email'], loanno: ['Loan Number'], email2: ['Email (again)'] };
const labelsOf = (field: string) => LABELS[field] ?? [];
const ALL = ['username', 'email', 'email2', 'loanno'];

describe('placeServerErrors: each server text on the field it names, or in the alert', () => {
  test('a leading label (any case) names the field; the field shows the text without it', () => {
    expect(placeServerErrors(['Username: Too long.', 'loan number: Must be 10 digits'], ALL, ALL, labelsOf)).toEqual([
      { text: 'Username: Too long.', field: 'username', message: 'Too long.' },
      { text: 'loan number: Must be 10 digits', field: 'loanno', message: 'Must be 10 digits' },
    ]);
  });

  test('the field key names it too (a server that writes its own field names)', () => {
    expect(placeServerErrors(['email: in use'], ALL, ALL, labelsOf)[0]?.field).toBe('email');
  });

  test('a text without a label goes to the one field the answer refused', () => {
    expect(placeServerErrors(['This email address is already in use.'], ['email'], ALL, labelsOf)[0]?.field).toBe('email');
  });

  test('a text without a label stays in the alert when the answer refused several fields, or none it named', () => {
    expect(placeServerErrors(['The captcha check failed. Please try again.'], ALL, ALL, labelsOf)[0]?.field).toBeNull();
    expect(placeServerErrors(['Something: went wrong.', 'Other text.'], ['username'], ALL, labelsOf).map((error) => error.field)).toEqual([
      null,
      null,
    ]);
  });

  test('a labelled text for a field no longer refused (changed since) stays in the alert, never on another field', () => {
    expect(placeServerErrors(['Username: Too long.'], ['email'], ALL, labelsOf)[0]?.field).toBeNull();
    expect(placeServerErrors(['Username: Too long.', 'Email: In use.'], ['email'], ALL, labelsOf).map((error) => error.field)).toEqual([
      null,
      'email',
    ]);
  });

  test('a colon inside a sentence is not a label', () => {
    expect(placeServerErrors(['There was a problem. Reason: unknown'], ALL, ALL, labelsOf)[0]?.field).toBeNull();
  });
});

describe('a form slice keeps the server\'s error list until the next send', () => {
  const { actions, reducer } = createFormSlice({ name: 'f', initialValues: { username: '' } });
  test('received, kept, then gone when sent again or after a success', () => {
    let state = reducer(undefined, actions.serverErrorsReceived(['Username: Too long.']));
    expect(state.serverErrors).toEqual(['Username: Too long.']);
    expect(reducer(state, actions.submissionStarted()).serverErrors).toBeUndefined();
    state = reducer(state, actions.submissionSucceeded(null));
    expect(state.serverErrors).toBeUndefined();
  });
});

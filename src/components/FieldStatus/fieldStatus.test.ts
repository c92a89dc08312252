import { isBlank } from '../../lib/validation/rules';
import { fieldStatus } from './fieldStatus';

describe('fieldStatus (spec section 4: none, error, success; only after submit)', () => {
  it('shows nothing before submit, whatever the field holds', () => {
    expect(fieldStatus(false, 'This field is required', isBlank(''))).toBe('none');
    expect(fieldStatus(false, null, isBlank('ada'))).toBe('none');
  });

  it('after submit shows an error, empty or not', () => {
    expect(fieldStatus(true, 'This field is required', isBlank(''))).toBe('error');
    expect(fieldStatus(true, 'The passwords you entered do not match', isBlank('Secret-pass2'))).toBe('error');
  });

  it('after submit shows success only for a field that holds something', () => {
    expect(fieldStatus(true, null, isBlank('ada'))).toBe('success');
    expect(fieldStatus(true, undefined, isBlank('ada'))).toBe('success');
    // an empty confirmation "matches" an empty original: neutral, never a success
    expect(fieldStatus(true, null, isBlank(''))).toBe('none');
    expect(fieldStatus(true, undefined, isBlank('   '))).toBe('none');
  });
});

describe('isBlank', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['a', false],
    [' a ', false],
  ])('%j is blank: %s', (value, blank) => expect(isBlank(value)).toBe(blank));
});

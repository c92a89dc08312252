import { isEmptyValue, showsFieldStatus } from './useFormField';

describe('showsFieldStatus (spec section 4: none, error, success; only after submit)', () => {
  it('shows nothing before submit, whatever the field holds', () => {
    expect(showsFieldStatus(false, 'This field is required', '')).toBe(false);
    expect(showsFieldStatus(false, null, 'ada')).toBe(false);
  });

  it('after submit shows an error, empty or not', () => {
    expect(showsFieldStatus(true, 'This field is required', '')).toBe(true);
    expect(showsFieldStatus(true, 'The passwords you entered do not match', 'Secret-pass2')).toBe(true);
  });

  it('after submit shows success only for a field that holds something', () => {
    expect(showsFieldStatus(true, null, 'ada')).toBe(true);
    expect(showsFieldStatus(true, undefined, 'ada')).toBe(true);
    // an empty confirmation "matches" an empty original: neutral, never a success
    expect(showsFieldStatus(true, null, '')).toBe(false);
    expect(showsFieldStatus(true, undefined, '   ')).toBe(false);
  });
});

describe('isEmptyValue', () => {
  it.each([
    ['', true],
    ['  ', true],
    [undefined, true],
    [null, true],
    ['a', false],
    [' a ', false],
    [false, false],
  ])('%j is empty: %s', (value, empty) => expect(isEmptyValue(value)).toBe(empty));
});

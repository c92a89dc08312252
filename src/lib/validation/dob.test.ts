import { dobToIso, isoToDob } from './dob';

describe('date of birth: typed MM/DD/YYYY, sent YYYY-MM-DD', () => {
  test.each([
    ['04/15/1980', '1980-04-15'],
    ['02/29/2024', '2024-02-29'],
    ['1/2/2020', '2020-01-02'],
    ['12/31/1899', '1899-12-31'],
    [' 12/24/1978 ', '1978-12-24'],
  ])('%j is sent as %j', (typed, iso) => {
    expect(dobToIso(typed)).toBe(iso);
  });

  test.each([
    ['02/30/2024', 'no 30th of February'],
    ['02/29/2023', 'not a leap year'],
    ['13/01/2020', 'no 13th month'],
    ['00/10/2020', 'no month 0'],
    ['04/1_/____', 'a half-typed mask'],
    ['1980-04-15', 'already ISO'],
    ['', 'empty'],
    ['tomorrow', 'words'],
  ])('%j (%s) becomes empty', (typed) => {
    expect(dobToIso(typed)).toBe('');
  });

  test('the reverse, for filling the form from a stored date', () => {
    expect(isoToDob('1978-12-24')).toBe('12/24/1978');
    expect(isoToDob('1978-02-30')).toBe('');
    expect(dobToIso(isoToDob('1899-12-31'))).toBe('1899-12-31');
  });
});

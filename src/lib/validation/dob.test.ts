import { dobInputDigits, dobToIso, isFutureIsoDate, isoToDob, pastedDobDigits } from './dob';
import { english } from '../../testing/english';
import { MESSAGES } from './messages';
import { dob } from './rules';

describe('date of birth: typed MM/DD/YYYY, sent YYYY-MM-DD', () => {
  test.each([
    ['04/15/1980', '1980-04-15'],
    ['02/29/2024', '2024-02-29'],
    ['1/2/2020', '2020-01-02'],
    ['12/31/1899', '1899-12-31'],
    ['10/5/2020', '2020-10-05'],
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
    ['01/2/2020', 'a padded month beside an unpadded day'],
    ['1/02/2020', 'an unpadded month beside a padded day'],
    ['04/15/80', 'a two-digit year'],
  ])('%j (%s) becomes empty', (typed) => {
    expect(dobToIso(typed)).toBe('');
  });

  test('the reverse, for filling the form from a stored date', () => {
    expect(isoToDob('1978-12-24')).toBe('12/24/1978');
    expect(isoToDob('1978-02-30')).toBe('');
    expect(isoToDob('1978-2-3')).toBe('');
    expect(dobToIso(isoToDob('1899-12-31'))).toBe('1899-12-31');
  });
});

describe('dobInputDigits: what is typed or pasted, as MMDDYYYY digits', () => {
  test.each([
    ['4/12/1985', '04121985'],
    ['4/', '04'],
    ['1/', '01'],
    ['1', '1'],
    ['12/5', '1205'],
    ['04/1/', '0401'],
    ['04/12/1985', '04121985'],
    ['04121985', '04121985'],
    ['04-12-1985', '04121985'],
    ['4.12.1985', '04121985'],
    ['1985-04-12', '04121985'],
    [' 1985-4-2 ', '04021985'],
    ['12/31/19', '123119'],
  ])('%j -> %j', (text, digits) => {
    expect(dobInputDigits(text)).toBe(digits);
  });

  test('reads the mask\'s own formatting back unchanged', () => {
    for (const shown of ['0', '04', '04/1', '04/12', '04/12/1', '04/12/1985']) {
      expect(dobInputDigits(shown)).toBe(shown.replace(/\D/g, ''));
    }
  });
});

describe('a date of birth in the future is refused', () => {
  test('after today only', () => {
    expect(isFutureIsoDate('2030-01-02', '2030-01-01')).toBe(true);
    expect(isFutureIsoDate('2030-01-01', '2030-01-01')).toBe(false);
    expect(isFutureIsoDate('1985-04-12', '2030-01-01')).toBe(false);
  });

  test('the rule says so', () => {
    expect(dob(`01/01/${new Date().getFullYear() + 1}`)).toBe(MESSAGES.dobInFuture);
    expect(english(MESSAGES.dobInFuture)).toBe('Date of birth cannot be in the future');
    expect(dob('04/12/1985')).toBeNull();
  });
});

describe('a pasted date of birth: read as written, or refused; never another date', () => {
  test.each([
    ['April 12, 1985', '04121985'],
    ['april 12 1985', '04121985'],
    ['Apr. 12th, 1985', '04121985'],
    ['12 April 1985', '04121985'],
    ['12-Apr-1985', '04121985'],
    ['Friday, April 12, 1985', '04121985'],
    ['Sept 3, 1990', '09031990'],
    ['12 de abril de 1985', '04121985'],
    ['3 de septiembre de 1990', '09031990'],
    ['1985-04-12', '04121985'],
    ['4/12/1985', '04121985'],
    ['04.12.1985', '04121985'],
  ])('%j -> %j', (text, digits) => {
    expect(pastedDobDigits(text)).toBe(digits);
  });

  test.each([
    ['April 12, 85', 'a two-digit year'],
    ['April 1985', 'no day'],
    ['April 12', 'no year'],
    ['April or May 12, 1985', 'two months'],
    ['12 Aprile 1985 extra 3', 'a third number'],
    ['my birthday', 'no date at all'],
    ['Ap 12 1985', 'too short to name a month'],
  ])('%j (%s) is refused', (text) => {
    expect(pastedDobDigits(text)).toBeNull();
  });

  test('April 12, 1985 never becomes 12/19/85, as the digits alone read it', () => {
    expect(dobInputDigits('April 12, 1985')).toBe('121985');
    expect(pastedDobDigits('April 12, 1985')).not.toBe('121985');
  });

  test('a date read from words that is no real date is kept, and the rule says so', () => {
    expect(pastedDobDigits('February 30, 1990')).toBe('02301990');
    expect(dob('02/30/1990')).toBe(MESSAGES.dobInvalid);
    expect(english(MESSAGES.dobInvalid)).toBe('Enter a real date as MM/DD/YYYY');
  });
});

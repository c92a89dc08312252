import fc from 'fast-check';
import { reduceSsnInput } from './ssn';

describe('the SSN paste reducer', () => {
  test.each([
    ['123-45-6789', '123456789'],
    ['123 45 6789', '123456789'],
    ['SSN: 123.45.6789 (mine)', '123456789'],
    ['1234567890123', '123456789'],
    ['12-34', '1234'],
    ['', ''],
    ['abc', ''],
  ])('%j becomes %j', (pasted, kept) => {
    expect(reduceSsnInput(pasted)).toBe(kept);
  });

  test('property: the result is digits only, at most 9, and the first digits of the input in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const reduced = reduceSsnInput(text);
        expect(reduced).toMatch(/^\d{0,9}$/);
        expect(reduced).toBe((text.match(/\d/g) ?? []).join('').slice(0, 9));
      }),
    );
  });

  test('property: idempotent, and separators around nine digits never change them', () => {
    const nine = fc.stringMatching(/^\d{9}$/);
    const separator = fc.constantFrom('', '-', ' ', '.', ' - ');
    fc.assert(
      fc.property(nine, separator, separator, (digits, a, b) => {
        const pasted = `${digits.slice(0, 3)}${a}${digits.slice(3, 5)}${b}${digits.slice(5)}`;
        expect(reduceSsnInput(pasted)).toBe(digits);
        expect(reduceSsnInput(reduceSsnInput(pasted))).toBe(digits);
      }),
    );
  });
});

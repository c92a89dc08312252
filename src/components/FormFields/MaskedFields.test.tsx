import { slashDobDigits, typedPatternMask } from './MaskedFields';

const ssnMask = typedPatternMask('###-##-####');

describe('typedPatternMask', () => {
  it.each([
    ['', ''],
    ['9', '9'],
    ['900', '900'],
    ['9000', '900-0'],
    ['90000', '900-00'],
    ['900000', '900-00-0'],
    ['900000007', '900-00-0007'],
  ])('shows the digits %p as %p: separators only between typed digits, no placeholders', (digits, shown) => {
    expect(ssnMask.format(digits)).toBe(shown);
  });

  it('shows digits past the pattern as they are, so that the field can refuse them', () => {
    expect(ssnMask.format('9000000071')).toBe('900-00-00071');
  });

  it('keeps only the digits of what is in the field', () => {
    expect(ssnMask.removeFormatting?.('900-0a0-0007 ')).toBe('900000007');
  });

  it('takes no more digits than the pattern has places for', () => {
    const allowed = (value: string) => ssnMask.isAllowed?.({ value, formattedValue: '', floatValue: undefined });
    expect(allowed('900000007')).toBe(true);
    expect(allowed('9000000071')).toBe(false);
  });

  it('accepts digits only as typed characters', () => {
    expect(ssnMask.isValidInputCharacter?.('7')).toBe(true);
    expect(ssnMask.isValidInputCharacter?.('-')).toBe(false);
    expect(ssnMask.isValidInputCharacter?.('a')).toBe(false);
  });

  it('lets the caret stand anywhere, separators included', () => {
    expect(ssnMask.getCaretBoundary?.('900-0')).toEqual([true, true, true, true, true, true]);
  });
});

describe('slashDobDigits', () => {
  it.each([
    ['1', '1'],
    ['122', '12/2'],
    ['12241', '12/24/1'],
    ['12241978', '12/24/1978'],
  ])('%p -> %p', (digits, typed) => {
    expect(slashDobDigits(digits)).toBe(typed);
  });
});

import { caretGuardedField, movesCaret, slashDobDigits, typedPatternMask } from './MaskedFields';

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

describe('movesCaret', () => {
  const key = (name: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {}) =>
    movesCaret({ key: name, ctrlKey: false, metaKey: false, ...modifiers });

  it.each(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])('counts %s as a caret move', (name) => {
    expect(key(name)).toBe(true);
  });

  it('counts shortcuts such as select all as a caret move', () => {
    expect(key('a', { ctrlKey: true })).toBe(true);
    expect(key('ArrowLeft', { metaKey: true })).toBe(true);
  });

  // A phone's keyboard sends "Unidentified" for each character: the mask's timer must still run for it.
  it.each(['9', 'Backspace', 'Delete', 'Unidentified', 'Shift', 'Enter'])('does not count %s as a caret move', (name) => {
    expect(key(name)).toBe(false);
  });
});

describe('caretGuardedField', () => {
  function typedField(text: string) {
    const field = document.createElement('input');
    document.body.append(field);
    field.value = text;
    field.focus();
    return field;
  }

  it('reads and writes the field itself, and places its caret while the borrower has not moved it', () => {
    const field = typedField('900-00');
    const guarded = caretGuardedField(field, () => false);
    guarded.value = '900-001';
    expect(field.value).toBe('900-001');
    guarded.setSelectionRange(3, 3);
    expect([guarded.selectionStart, field.selectionStart]).toEqual([3, 3]);
    guarded.focus();
    expect(document.activeElement).toBe(field);
  });

  it('drops a caret placement asked for after the borrower moved the caret', () => {
    const field = typedField('900-00-1234');
    let moved = false;
    const guarded = caretGuardedField(field, () => moved);
    field.setSelectionRange(11, 11);
    moved = true;
    field.setSelectionRange(6, 6); // the borrower's arrow keys
    guarded.setSelectionRange(11, 11); // the mask's timer, late
    expect(field.selectionStart).toBe(6);
  });
});

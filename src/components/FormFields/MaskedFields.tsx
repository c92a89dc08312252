/**
 * The masked inputs of the loan identity (spec section 5): the loan number is kept as its ten
 * digits; the SSN as its nine digits, shown as ###-##-####; the date of birth is typed MM/DD/YYYY
 * and kept as typed.
 */
import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { Input, type InputProps } from 'antd';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { NumberFormatBase, type NumberFormatBaseProps } from 'react-number-format';
import { LabelledField } from '../LabelledField/LabelledField';
import { fieldId, useFieldFeedback, useFieldHandlers, useFieldValue } from '../../state/forms/useFormField';
import { isBlank } from '../../lib/validation/rules';
import { dobInputDigits, pastedDobDigits } from '../../lib/validation/dob';
import { reduceLoannoInput } from '../../lib/validation/loanno';
import { LIMITS, MESSAGES } from '../../lib/validation/messages';
import type { MessageId } from '../../platform/i18n/messageId';
import { useT } from '../../platform/i18n/useT';
import { reduceSsnInput } from '../../lib/validation/ssn';
import type { BoundFieldProps } from './BoundFields';

type MaskProps = Pick<
  NumberFormatBaseProps,
  'format' | 'removeFormatting' | 'getCaretBoundary' | 'isValidInputCharacter' | 'isAllowed'
>;

/**
 * A mask that shows only what was typed, with the pattern's separators between the digits
 * ("9000" -> "900-0"). react-number-format's PatternFormat pads the field with placeholders, so
 * after every key the caret sits before them and must be moved back by script: keys typed faster
 * than that correction landed in the wrong place and scrambled the digits. Here the browser's own
 * caret is already right after each typed digit, wherever in the field it is.
 */
export function typedPatternMask(pattern: string): MaskProps & { format(digits: string): string } {
  const slots = pattern.split('').filter((character) => character === '#').length;
  const format = (digits: string) => {
    let text = '';
    let next = 0;
    for (const character of pattern) {
      if (next >= digits.length) break;
      text += character === '#' ? digits[next++] : character;
    }
    // Digits past the pattern stay visible to isAllowed below, which refuses them.
    return text + digits.slice(next);
  };
  return {
    format,
    removeFormatting: (text: string) => text.replace(/\D/g, ''),
    // A full field takes no more digits, as a field with a maximum length would.
    isAllowed: ({ value }) => value.length <= slots,
    getCaretBoundary: (formatted: string) => Array.from({ length: formatted.length + 1 }, () => true),
    isValidInputCharacter: (character: string) => /^\d$/.test(character),
  };
}

/** Keys that move the caret or the selection (arrows, Home, End, Page, shortcuts such as select all). */
export function movesCaret({ key, ctrlKey, metaKey }: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return ctrlKey || metaKey || /^(Arrow|Home$|End$|Page)/.test(key);
}

/**
 * The field as the mask should see it: itself, except that a caret placement asked for after the
 * borrower has moved the caret (`movedSince()`) is dropped. react-number-format places the caret
 * at once and again in a `setTimeout(0)` (mobile Chrome moves it back after an input event); that
 * second placement must not undo an arrow key or a tap that came first.
 */
export function caretGuardedField(field: HTMLInputElement, movedSince: () => boolean): HTMLInputElement {
  return new Proxy(field, {
    get(target, property) {
      if (property === 'setSelectionRange') {
        return (...range: Parameters<HTMLInputElement['setSelectionRange']>) => {
          if (!movedSince()) target.setSelectionRange(...range);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  });
}

/**
 * antd's Input hands its onChange a copy of the event whose target is a detached clone of the
 * <input> (rc-input's `resolveOnChange`). The mask then formatted the clone, React wrote the
 * formatted value into the field after it, and the caret jumped to the end until the mask's timer
 * put it back: a digit typed before that timer ran (fast typing on a busy phone, after an edit in
 * the middle) landed at the end. Given the field itself, the mask formats it and places the caret
 * in the same task; the field is guarded so that the timer's late placement cannot undo a caret
 * move the borrower made since.
 */
function MaskedInput({ onChange, onKeyDown, onPointerDown, ...props }: InputProps) {
  const caretMoves = useRef(0);
  const toField = (event: ChangeEvent<HTMLInputElement>): ChangeEvent<HTMLInputElement> => {
    const field = event.nativeEvent.target;
    if (!(field instanceof HTMLInputElement)) return event;
    const movesNow = caretMoves.current;
    const guarded = caretGuardedField(field, () => caretMoves.current !== movesNow);
    return Object.create(event, { target: { value: guarded }, currentTarget: { value: guarded } });
  };
  return (
    <Input
      {...props}
      onChange={onChange && ((event) => onChange(toField(event)))}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (movesCaret(event)) caretMoves.current++;
        onKeyDown?.(event);
      }}
      onPointerDown={(event: PointerEvent<HTMLInputElement>) => {
        caretMoves.current++;
        onPointerDown?.(event);
      }}
    />
  );
}

const SSN_MASK = typedPatternMask('###-##-####');
// the borrower's own separators count: "4/" pads the month (dobInputDigits)
const DOB_MASK = { ...typedPatternMask('##/##/####'), removeFormatting: dobInputDigits };

/**
 * The digits a mask shows. The mask owns them while the borrower types (a round trip through the
 * store between keystrokes let fast typing overtake the caret and scramble digits); a change that
 * comes from the store instead (time travel, replay, the recovery cache) replaces them.
 */
function useMaskDigits(storeDigits: string) {
  const [digits, setDigits] = useState(storeDigits);
  useEffect(() => {
    setDigits((current) => (current === storeDigits ? current : storeDigits));
  }, [storeDigits]);
  return [digits, setDigits] as const;
}

interface MaskedFieldProps<F extends string> extends Omit<BoundFieldProps<F, string>, 'required'> {
  mask: MaskProps;
  /** The digits the mask shows for the store's value. */
  digitsOf(value: string): string;
  /** The store's value for the digits in the field. */
  valueOf(digits: string): string;
  /** The digits a paste leaves in the field: the pasted text cleaned first, then cut to the
   * field's length (a maxlength would have cut the raw text first and lost digits to its separators).
   * Null: the paste cannot be read; the field keeps what it had and says so (`refusedPaste`). */
  pasted(text: string): string | null;
  /** What the field says of a paste it refused (a message id). */
  refusedPaste?: MessageId;
  autoComplete: string;
  /** Shown as dots until the borrower asks to see it (`ShowToggle`); the digits stay the same. */
  concealed?: { showLabel: string };
}

/**
 * The button that shows or hides a concealed field's digits: a real button, named for what it
 * shows ("Show Social Security Number") and pressed while the digits show, 44 px tall to tap.
 */
function ShowToggle({ label, shown, onToggle }: { label: string; shown: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={shown}
      onClick={onToggle}
      // keeps the caret in the field when the button is clicked with a mouse
      onMouseDown={(event) => event.preventDefault()}
      style={{ background: 'none', border: 0, padding: '0 4px', minWidth: 44, minHeight: 44, margin: '-11px 0', cursor: 'pointer', color: 'inherit', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {shown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
    </button>
  );
}

/** A field of digits behind a mask. A paste replaces the field. */
function MaskedField<F extends string>({
  form,
  field,
  label,
  hint,
  mask,
  digitsOf,
  valueOf,
  pasted,
  refusedPaste,
  autoComplete,
  concealed,
}: MaskedFieldProps<F>) {
  const t = useT();
  const value = useFieldValue(form, field);
  const { error, submitted, rejected } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  const [digits, setDigits] = useMaskDigits(digitsOf(value));
  const [pasteRefused, setPasteRefused] = useState(false);
  const [shown, setShown] = useState(false);
  const change = (next: string) => {
    setDigits(next);
    setPasteRefused(false);
    const typed = valueOf(next);
    if (typed !== value) onValue(typed);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const next = pasted(event.clipboardData.getData('text'));
    if (next === null) setPasteRefused(true);
    else change(next);
  };
  return (
    <LabelledField
      id={fieldId(form.name, field)}
      label={label}
      error={error}
      submitted={submitted}
      rejected={rejected}
      empty={isBlank(value)}
      hint={hint}
      notice={refusedPaste ? (pasteRefused ? t(refusedPaste) : null) : undefined}
      required
    >
      <NumberFormatBase
        customInput={MaskedInput}
        {...mask}
        valueIsNumericString
        value={digits}
        onValueChange={(values) => change(values.value)}
        onPaste={onPaste}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete={autoComplete}
        // dots by the browser's text security, not type="password": a password manager must not
        // take an SSN for a password (and offer to save it), and the mask works on the text as ever
        style={concealed && !shown ? CONCEALED : undefined}
        data-concealed={concealed && !shown ? 'true' : undefined}
        suffix={concealed ? <ShowToggle label={concealed.showLabel} shown={shown} onToggle={() => setShown(!shown)} /> : undefined}
      />
    </LabelledField>
  );
}

const CONCEALED = { WebkitTextSecurity: 'disc' } as CSSProperties;

/** Kept in the store as the digits themselves. */
const asDigits = (digits: string) => digits;

const LOANNO_MASK = typedPatternMask('#'.repeat(LIMITS.loannoLength));

/** The loan number: digits only, typed or pasted (" 900-000-0007 " -> 9000000007). */
export function LoanNumberField<F extends string>(props: Omit<BoundFieldProps<F, string>, 'required'>) {
  return <MaskedField {...props} mask={LOANNO_MASK} digitsOf={asDigits} valueOf={asDigits} pasted={reduceLoannoInput} autoComplete="off" />;
}

/**
 * The SSN: ###-##-####, kept as its nine digits; a paste keeps its digits, cut to nine. Shown as
 * dots while typed (someone may be looking at the screen), with a button to show the digits.
 */
export function SsnField<F extends string>(props: Omit<BoundFieldProps<F, string>, 'required'>) {
  const t = useT();
  return (
    <MaskedField
      {...props}
      mask={SSN_MASK}
      digitsOf={asDigits}
      valueOf={asDigits}
      pasted={reduceSsnInput}
      autoComplete="off"
      concealed={{ showLabel: t('common.ssnShow') }}
    />
  );
}

/** Digits as the borrower typed them, with the slashes of MM/DD/YYYY: "12241" -> "12/24/1". */
export const slashDobDigits = DOB_MASK.format;

/**
 * The date of birth, typed MM/DD/YYYY and kept as typed. The borrower's own separators count
 * ("4/12/1985" -> 04/12/1985, dobInputDigits), and a pasted date (1985-04-12, 04-12-1985)
 * replaces the field. No placeholder: the field's hint already says MM/DD/YYYY.
 */
export function DobField<F extends string>(props: Omit<BoundFieldProps<F, string>, 'required'>) {
  return (
    <MaskedField
      {...props}
      mask={DOB_MASK}
      digitsOf={dobDigitsOf}
      valueOf={slashDobDigits}
      pasted={pastedDobDigits}
      refusedPaste={MESSAGES.dobInvalid}
      autoComplete="bday"
    />
  );
}

const dobDigitsOf = (value: string) => value.replace(/\D/g, '');

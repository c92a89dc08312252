/**
 * The masked inputs of the loan identity (spec section 5): the SSN is kept as its nine digits,
 * shown as ###-##-####; the date of birth is typed MM/DD/YYYY and kept as typed.
 */
import { Input } from 'antd';
import { useEffect, useState, type ClipboardEvent } from 'react';
import { PatternFormat } from 'react-number-format';
import { FormField } from '../FormField/FormField';
import { fieldId, useFieldFeedback, useFieldHandlers, useFieldValue } from '../../lib/forms/useFormField';
import { reduceSsnInput } from '../../lib/validation/ssn';
import type { BoundFieldProps } from './BoundFields';

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

export function SsnField<F extends string>({ form, field, label, hint }: Omit<BoundFieldProps<F, string>, 'required'>) {
  const value = useFieldValue(form, field);
  const { error, submitted } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  const [digits, setDigits] = useMaskDigits(value);
  const change = (next: string) => {
    setDigits(next);
    if (next !== value) onValue(next);
  };
  // A pasted SSN replaces the field: its digits, cut to nine (whatever separators it came with).
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    change(reduceSsnInput(event.clipboardData.getData('text')));
  };
  return (
    <FormField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} hint={hint} required>
      <PatternFormat
        customInput={Input}
        format="###-##-####"
        mask="_"
        valueIsNumericString
        value={digits}
        onValueChange={(values) => change(values.value)}
        onPaste={onPaste}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="off"
      />
    </FormField>
  );
}

/** Digits as the borrower typed them, with the slashes of MM/DD/YYYY: "12241" -> "12/24/1". */
export function slashDobDigits(digits: string): string {
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('/');
}

export function DobField<F extends string>({ form, field, label, hint }: Omit<BoundFieldProps<F, string>, 'required'>) {
  const value = useFieldValue(form, field);
  const { error, submitted } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  const [digits, setDigits] = useMaskDigits(value.replace(/\D/g, ''));
  return (
    <FormField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} hint={hint} required>
      <PatternFormat
        customInput={Input}
        format="##/##/####"
        mask="_"
        placeholder="MM/DD/YYYY"
        // Fed with digits like the SSN: handing the mask its own formatted text back (with "_"
        // placeholders) made it re-parse and move the caret, scrambling fast typing.
        valueIsNumericString
        value={digits}
        onValueChange={(values) => {
          setDigits(values.value);
          const typed = slashDobDigits(values.value);
          if (typed !== value) onValue(typed);
        }}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="bday"
      />
    </FormField>
  );
}

/**
 * The masked inputs of the loan identity (spec section 5): the SSN is kept as its nine digits,
 * shown as ###-##-####; the date of birth is typed MM/DD/YYYY and kept as typed.
 */
import { Input } from 'antd';
import type { ClipboardEvent } from 'react';
import { PatternFormat } from 'react-number-format';
import { FormField } from '../FormField/FormField';
import { fieldId, useFieldFeedback, useFieldHandlers, useFieldValue } from '../../lib/forms/useFormField';
import { reduceSsnInput } from '../../lib/validation/ssn';
import type { BoundFieldProps } from './BoundFields';

export function SsnField<F extends string>({ form, field, label, hint }: Omit<BoundFieldProps<F, string>, 'required'>) {
  const value = useFieldValue(form, field);
  const { error, submitted } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  const change = (digits: string) => {
    if (digits !== value) onValue(digits);
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
        value={value}
        onValueChange={(values) => change(values.value)}
        onPaste={onPaste}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="off"
      />
    </FormField>
  );
}

export function DobField<F extends string>({ form, field, label, hint }: Omit<BoundFieldProps<F, string>, 'required'>) {
  const value = useFieldValue(form, field);
  const { error, submitted } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  return (
    <FormField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} hint={hint} required>
      <PatternFormat
        customInput={Input}
        format="##/##/####"
        mask="_"
        placeholder="MM/DD/YYYY"
        value={value}
        onValueChange={(values) => {
          if (values.formattedValue !== value) onValue(values.formattedValue);
        }}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="bday"
      />
    </FormField>
  );
}

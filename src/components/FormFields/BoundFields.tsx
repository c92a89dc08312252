/**
 * Inputs bound to a form slice (src/lib/forms): controlled from the store, one subscription per
 * field, wrapped in FormField for the label, the error (after submit) and the hint.
 */
import { Checkbox, Input, type InputProps } from 'antd';
import type { ReactNode } from 'react';
import { FormField } from '../FormField/FormField';
import { fieldId, useFieldFeedback, useFieldHandlers, useFieldValue, type FormBinding } from '../../lib/forms/useFormField';
import { isBlank } from '../../lib/validation/rules';

export interface BoundFieldProps<F extends string, T> {
  form: FormBinding<Record<NoInfer<F>, T>>;
  field: F;
  label: string;
  hint?: ReactNode;
  required?: boolean;
}

type TextInputProps = Pick<
  InputProps,
  'autoComplete' | 'maxLength' | 'type' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'autoCorrect'
>;

export function TextField<F extends string>({
  form,
  field,
  label,
  hint,
  required = true,
  ...inputProps
}: BoundFieldProps<F, string> & TextInputProps) {
  const value = useFieldValue(form, field);
  const { error, submitted, rejected } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  return (
    <FormField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} rejected={rejected} empty={isBlank(value)} hint={hint} required={required}>
      <Input {...inputProps} value={value} onChange={(event) => onValue(event.target.value)} onBlur={onBlur} />
    </FormField>
  );
}

/** A password input with antd's visibility toggle (a focusable role=button with aria-pressed and Show/Hide). */
export function PasswordField<F extends string>({
  form,
  field,
  label,
  hint,
  required = true,
  autoComplete,
  maxLength,
}: BoundFieldProps<F, string> & Pick<InputProps, 'autoComplete' | 'maxLength'>) {
  const value = useFieldValue(form, field);
  const { error, submitted, rejected } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  return (
    <FormField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} rejected={rejected} empty={isBlank(value)} hint={hint} required={required}>
      <Input.Password
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
    </FormField>
  );
}

export function CheckboxField<F extends string>({ form, field, label }: Omit<BoundFieldProps<F, boolean>, 'hint' | 'required'>) {
  const checked = useFieldValue(form, field);
  const { onValue } = useFieldHandlers(form, field);
  return (
    <Checkbox id={fieldId(form.name, field)} checked={checked} onChange={(event) => onValue(event.target.checked)}>
      {label}
    </Checkbox>
  );
}

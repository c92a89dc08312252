/**
 * Inputs bound to a form slice (src/lib/forms): controlled from the store, one subscription per
 * field, wrapped in LabelledField for the label, the error (after submit) and the hint.
 */
import { Checkbox, Input, type InputProps } from 'antd';
import { useRef, useState, type ChangeEvent, type ClipboardEvent, type ReactNode } from 'react';
import { LabelledField } from '../LabelledField/LabelledField';
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

/** Said beside a field when a paste was longer than its limit (the limit stays; the cut is not silent). */
export const pastedTextCut = (maximum: number) => `Pasted text was cut to ${maximum} characters`;

/**
 * The limit of a field with a maxlength cuts a longer paste (the browser does it): this says so
 * beside the field until the borrower next changes it.
 */
/** The notice of a paste cut at `maxLength`, with the input's onPaste and onChange (which passes the value on). */
function usePasteCutNotice(maxLength: number | undefined, onValue: (value: string) => void) {
  const [notice, setNotice] = useState<string | null>(null);
  // the change the paste itself causes keeps the notice; the next one clears it
  const pasted = useRef(false);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (maxLength === undefined) return;
    const input = event.currentTarget;
    const replaced = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
    const length = input.value.length - replaced + event.clipboardData.getData('text').length;
    pasted.current = true;
    setNotice(length > maxLength ? pastedTextCut(maxLength) : null);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (pasted.current) pasted.current = false;
    else setNotice(null);
    onValue(event.target.value);
  };
  return { notice: maxLength === undefined ? undefined : notice, onPaste, onChange };
}

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
  const { notice, onPaste, onChange } = usePasteCutNotice(inputProps.maxLength, onValue);
  return (
    <LabelledField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} rejected={rejected} empty={isBlank(value)} hint={hint} notice={notice} required={required}>
      <Input
        {...inputProps}
        value={value}
        onChange={onChange}
        onPaste={onPaste}
        onBlur={onBlur}
      />
    </LabelledField>
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
  const { notice, onPaste, onChange } = usePasteCutNotice(maxLength, onValue);
  return (
    <LabelledField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} rejected={rejected} empty={isBlank(value)} hint={hint} notice={notice} required={required}>
      <Input.Password
        value={value}
        onChange={onChange}
        onPaste={onPaste}
        onBlur={onBlur}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
    </LabelledField>
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

/**
 * Inputs bound to a form slice (src/state/forms): controlled from the store, one subscription per
 * field, wrapped in LabelledField for the label, the error (after submit) and the hint.
 */
import { Checkbox, ConfigProvider, Input, type ConfigProviderProps, type InputProps } from 'antd';
import { useMemo, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { LabelledField } from '../LabelledField/LabelledField';
import { Text } from '../Typography/Typography';
import { fieldId, useFieldFeedback, useFieldHandlers, useFieldValue, type FormBinding } from '../../state/forms/useFormField';
import { isBlank } from '../../lib/validation/rules';
import { useT } from '../../platform/i18n/useT';

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

/**
 * The limit of a field with a maxlength cuts a longer paste (the browser does it): this says so
 * beside the field until the borrower next changes it (the limit stays; the cut is not silent).
 * Returns the notice of a paste cut at `maxLength`, with the input's onPaste and onChange (which
 * passes the value on).
 */
function usePasteCutNotice(maxLength: number | undefined, onValue: (value: string) => void) {
  const t = useT();
  // the limit the last paste was cut to, translated when shown
  const [cutTo, setCutTo] = useState<number | null>(null);
  // the change the paste itself causes keeps the notice; the next one clears it
  const pasted = useRef(false);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (maxLength === undefined) return;
    const input = event.currentTarget;
    const replaced = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
    const length = input.value.length - replaced + event.clipboardData.getData('text').length;
    pasted.current = true;
    setCutTo(length > maxLength ? maxLength : null);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (pasted.current) pasted.current = false;
    else setCutTo(null);
    onValue(event.target.value);
  };
  const notice = cutTo === null ? null : t('common.form.pastedTextCut', { maximum: cutTo });
  return { notice: maxLength === undefined ? undefined : notice, onPaste, onChange };
}

/**
 * "Caps Lock is on" while the borrower types into a password with it on, the most common reason a
 * right password is refused. Read from each key's modifier state, so it shows from the first key
 * typed (a browser cannot tell before one) and goes when Caps Lock goes off or the field is left.
 */
export function useCapsLockNotice() {
  const t = useT();
  const [capsLock, setCapsLock] = useState(false);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));
  return {
    capsLockNotice: capsLock ? t('common.form.capsLockOn') : null,
    onKeyDown: onKey,
    onKeyUp: onKey,
    onLeave: () => setCapsLock(false),
  };
}

/**
 * antd's texts of the password visibility toggle (its aria-label: Show, Hide) in the page's
 * language. antd takes them from its locale, so the field sets that part of it around itself.
 */
export function usePasswordToggleLocale(): ConfigProviderProps['locale'] {
  const t = useT();
  const { i18n } = useLingui();
  return useMemo(
    () => ({ locale: i18n.locale, global: { show: t('common.form.show'), hide: t('common.form.hide') } }),
    [t, i18n.locale],
  );
}

/**
 * A field the server checks as it is typed (createFormSlice `checkedFields`): its state, and the hint
 * shown while the check runs. Its answer shows at once, before any submit; the success mark only
 * once the server has accepted the value (never while it checks, never for a value it refused).
 */
interface ServerCheck {
  status: 'idle' | 'pending' | 'valid' | 'invalid';
  checkingHint: string;
}

export function TextField<F extends string>({
  form,
  field,
  label,
  hint,
  required = true,
  check,
  ...inputProps
}: BoundFieldProps<F, string> & TextInputProps & { check?: ServerCheck }) {
  const value = useFieldValue(form, field);
  const { error, submitted, rejected } = useFieldFeedback(form, field);
  const { onValue, onBlur } = useFieldHandlers(form, field);
  const { notice, onPaste, onChange } = usePasteCutNotice(inputProps.maxLength, onValue);
  const answered = check?.status === 'valid' || check?.status === 'invalid';
  return (
    <LabelledField
      id={fieldId(form.name, field)}
      label={label}
      error={error}
      submitted={submitted || answered}
      rejected={rejected || (check !== undefined && check.status !== 'valid')}
      empty={isBlank(value)}
      hint={check?.status === 'pending' ? check.checkingHint : hint}
      notice={notice}
      required={required}
    >
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

/** A password input with antd's visibility toggle (a focusable role=button with aria-pressed, named Show or Hide). */
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
  const { notice: pasteNotice, onPaste, onChange } = usePasteCutNotice(maxLength, onValue);
  const { capsLockNotice, onKeyDown, onKeyUp, onLeave } = useCapsLockNotice();
  const toggleLocale = usePasswordToggleLocale();
  // one live region for both, there from the first render so that screen readers announce what enters it
  const notice = [capsLockNotice, pasteNotice].filter(Boolean).join('. ') || null;
  return (
    <ConfigProvider locale={toggleLocale}>
      <LabelledField id={fieldId(form.name, field)} label={label} error={error} submitted={submitted} rejected={rejected} empty={isBlank(value)} hint={hint} notice={notice} required={required}>
        <Input.Password
          value={value}
          onChange={onChange}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={() => {
            onLeave();
            onBlur();
          }}
          autoComplete={autoComplete}
          maxLength={maxLength}
        />
      </LabelledField>
    </ConfigProvider>
  );
}

/** A checkbox; its `hint` (what ticking it does) sits under it and describes it (aria-describedby). */
export function CheckboxField<F extends string>({
  form,
  field,
  label,
  hint,
}: Omit<BoundFieldProps<F, boolean>, 'hint' | 'required'> & { hint?: string }) {
  const checked = useFieldValue(form, field);
  const { onValue } = useFieldHandlers(form, field);
  const id = fieldId(form.name, field);
  return (
    <>
      <Checkbox
        id={id}
        checked={checked}
        onChange={(event) => onValue(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {label}
      </Checkbox>
      {hint ? (
        <div id={`${id}-hint`} style={{ marginTop: 4, paddingInlineStart: 24 }}>
          <Text type="secondary">{hint}</Text>
        </div>
      ) : null}
    </>
  );
}

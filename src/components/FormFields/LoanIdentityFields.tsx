import type { FormBinding } from '../../state/forms/useFormField';
import { DobField, LoanNumberField, SsnField } from './MaskedFields';
import { useT } from '../../platform/i18n/useT';

type IdentityField = 'loanno' | 'ssn' | 'dob';

/** Loan number, SSN and date of birth: how registration and username recovery find a borrower. */
export function LoanIdentityFields({ form }: { form: FormBinding<Record<IdentityField, string>> }) {
  const t = useT();
  return (
    <>
      <LoanNumberField form={form} field="loanno" label={t('common.loanNumber')} />
      <SsnField form={form} field="ssn" label={t('common.ssn')} />
      <DobField form={form} field="dob" label={t('common.dob')} hint={t('common.dobHint')} />
    </>
  );
}

import type { FormBinding } from '../../lib/forms/useFormField';
import { DobField, LoanNumberField, SsnField } from './MaskedFields';

type IdentityField = 'loanno' | 'ssn' | 'dob';

/** Loan number, SSN and date of birth: how registration and username recovery find a borrower. */
export function LoanIdentityFields({ form }: { form: FormBinding<Record<IdentityField, string>> }) {
  return (
    <>
      <LoanNumberField form={form} field="loanno" label="Loan Number" />
      <SsnField form={form} field="ssn" label="Social Security Number" />
      <DobField form={form} field="dob" label="Date of Birth" hint="MM/DD/YYYY" />
    </>
  );
}

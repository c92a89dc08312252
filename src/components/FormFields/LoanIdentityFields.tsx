import { LIMITS } from '../../lib/validation/messages';
import type { FormBinding } from '../../lib/forms/useFormField';
import { TextField } from './BoundFields';
import { DobField, SsnField } from './MaskedFields';

type IdentityField = 'loanno' | 'ssn' | 'dob';

/** Loan number, SSN and date of birth: how registration and username recovery find a borrower. */
export function LoanIdentityFields({ form }: { form: FormBinding<Record<IdentityField, string>> }) {
  return (
    <>
      <TextField form={form} field="loanno" label="Loan Number" maxLength={LIMITS.loannoLength} inputMode="numeric" autoComplete="off" />
      <SsnField form={form} field="ssn" label="Social Security Number" />
      <DobField form={form} field="dob" label="Date of Birth" hint="MM/DD/YYYY" />
    </>
  );
}

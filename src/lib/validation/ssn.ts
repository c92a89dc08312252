import { LIMITS } from './messages';

/** What an SSN input keeps of typed or pasted text: its digits, cut to 9. */
export function reduceSsnInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, LIMITS.ssnDigits);
}

import { LIMITS } from './messages';

/**
 * What the loan number input keeps of typed or pasted text: its digits, cleaned first and only
 * then cut to 10 (" 900-000-0007 " -> 9000000007; a maxlength would have cut the paste first).
 */
export function reduceLoannoInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, LIMITS.loannoLength);
}

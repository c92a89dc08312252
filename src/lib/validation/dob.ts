import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * A date of birth is typed MM/DD/YYYY and sent as YYYY-MM-DD. Single-digit month and day
 * (1/2/2020) are accepted too; anything that is not a real calendar date (02/30/2024,
 * 13/01/2020) becomes the empty string, which the required rule then reports.
 */
export function dobToIso(typed: string): string {
  const parsed = dayjs(typed.trim(), ['MM/DD/YYYY', 'M/D/YYYY'], true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : '';
}

/** The reverse, for showing a stored YYYY-MM-DD date in the form. */
export function isoToDob(iso: string): string {
  const parsed = dayjs(iso, 'YYYY-MM-DD', true);
  return parsed.isValid() ? parsed.format('MM/DD/YYYY') : '';
}

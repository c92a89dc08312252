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

/** The date a borrower was born is not after today (the local calendar day). */
export function isFutureIsoDate(iso: string, today: string = dayjs().format('YYYY-MM-DD')): boolean {
  return iso > today;
}

/**
 * The digits (MMDDYYYY) of what is typed or pasted into the date of birth, forgiving ordinary
 * habits: a separator (/ - . or space) after a one-digit month or day pads it ("4/12/1985" ->
 * 04121985), so does a month digit above 1 or a day digit above 3 (they cannot start two-digit
 * ones: "4" -> 04), and a pasted ISO date (1985-04-12) is turned around. Separators after a full
 * month or day, like the mask's own slashes, change nothing, so formatted text reads back the same.
 */
export function dobInputDigits(text: string): string {
  const iso = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(text);
  if (iso) return `${iso[2]!.padStart(2, '0')}${iso[3]!.padStart(2, '0')}${iso[1]}`;
  let digits = '';
  let part = '';
  // the part being read: 0 month, 1 day, 2 year
  let index = 0;
  const close = () => {
    digits += part.padStart(2, '0');
    part = '';
    index += 1;
  };
  for (const character of text) {
    if (/\d/.test(character)) {
      part += character;
      if (index < 2 && (part.length === 2 || (part.length === 1 && character > (index === 0 ? '1' : '3')))) close();
    } else if (/[-/. ]/.test(character) && index < 2 && part !== '') {
      close();
    }
  }
  return digits + part;
}

/*
 * Plain Date arithmetic, no date library: these rules are in the first load of every form
 * widget, where dayjs and its customParseFormat plugin weighed about 4 KiB compressed (the byte
 * budget of the registration widget bought back the forgiving date input with them).
 */

const pad2 = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a calendar date, or '' when there is no such day (02/30, month 13, day 0). */
function calendarIso(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * A date of birth is typed MM/DD/YYYY and sent as YYYY-MM-DD. Single-digit month and day
 * (1/2/2020) are accepted too, but not a mix of the two (01/2/2020); anything that is not a real
 * calendar date (02/30/2024, 13/01/2020, a two-digit year) becomes the empty string (spec section 5:
 * "an unparseable date becomes empty"), which the form's rule reports as not a real date.
 */
export function dobToIso(typed: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed.trim());
  if (!match) return '';
  const [, month = '', day = '', year = ''] = match;
  const padded = month.length === 2 && day.length === 2;
  const unpadded = !month.startsWith('0') && !day.startsWith('0');
  return padded || unpadded ? calendarIso(Number(year), Number(month), Number(day)) : '';
}

/** The reverse, for showing a stored YYYY-MM-DD date in the form. */
export function isoToDob(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || calendarIso(Number(match[1]), Number(match[2]), Number(match[3])) === '') return '';
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** Today's calendar day where the code runs, YYYY-MM-DD. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** The date a borrower was born is not after today (the local calendar day). */
export function isFutureIsoDate(iso: string, today: string = todayIso()): boolean {
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

/** Month names and their usual abbreviations, English and Spanish: a word names month i when it starts one. */
const MONTHS = [
  ['january', 'enero'],
  ['february', 'febrero'],
  ['march', 'marzo'],
  ['april', 'abril'],
  ['may', 'mayo'],
  ['june', 'junio'],
  ['july', 'julio'],
  ['august', 'agosto'],
  ['september', 'septiembre', 'setiembre'],
  ['october', 'octubre'],
  ['november', 'noviembre'],
  ['december', 'diciembre'],
];

/**
 * The digits (MMDDYYYY) of a date written with its month's name, as pasted from a document or an
 * email: "April 12, 1985", "12 April 1985", "Apr 12th 1985", "12 de abril de 1985". Null when it
 * cannot be read for sure: no month name or two, a year that is not four digits, anything but one day
 * and one year. Never a guess: a date it cannot read is refused, not turned into another one.
 */
function textualDobDigits(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const months = new Set<number>();
  for (const word of words) {
    const month = MONTHS.findIndex((names) => word.length >= 3 && names.some((name) => name.startsWith(word)));
    if (month >= 0) months.add(month + 1);
  }
  const numbers = text.match(/\d+/g) ?? [];
  const day = numbers.filter((number) => number.length <= 2);
  const year = numbers.filter((number) => number.length === 4);
  if (months.size !== 1 || numbers.length !== 2 || day.length !== 1 || year.length !== 1) return null;
  return `${pad2([...months][0] ?? 0)}${day[0]!.padStart(2, '0')}${year[0]}`;
}

/**
 * What a paste into the date of birth leaves in it, as digits (MMDDYYYY), or null when it has
 * letters that are not a readable date: the field then refuses it and says so.
 */
export function pastedDobDigits(text: string): string | null {
  if (/\p{L}/u.test(text)) return textualDobDigits(text);
  return dobInputDigits(text).slice(0, 8);
}

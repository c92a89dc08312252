/**
 * What was typed survives the header's language switch (issue 47, item 6). The switch is the
 * server's form (POST /loanmanager/locale/, then a page load in the other language), so a form's
 * slice starts empty again after it. As the switch is submitted, the values of every form open on
 * the page go to sessionStorage, except the sensitive ones (`isSensitiveKey`: passwords, SSN, date
 * of birth), which stay in memory only and are lost; the page that loads reads the record once and
 * removes it at once, each form takes its values back as it opens, focus goes back to the switch,
 * and when something sensitive was typed the borrower is told to enter it again.
 *
 * Key `loanmanager.languageSwitch.typed`: `{ "path": "/loanmanager/register/", "forms": { "<form>":
 * { "<field>": "<value>" } }, "cleared": true }`, in sessionStorage only, never localStorage.
 */
import { LOCALE_RETURN_ATTRIBUTE } from '../../platform/i18n/locales';
import { isSensitiveKey } from '../../platform/redaction';
import type { PortalDependencies } from '../../platform/dependencies';

export const CARRY_KEY = 'loanmanager.languageSwitch.typed';

type SessionStore = PortalDependencies['sessionStore'];
type CarriedValues = Record<string, string | boolean>;

interface Carried {
  path: string;
  forms: Record<string, CarriedValues>;
  /** A sensitive field held something, which was not carried. */
  cleared: boolean;
}

/** The forms open on this page: their name and how to read their values now. */
const openForms = new Map<string, { values: () => object; sessionStore: SessionStore }>();
let listening = false;

function isLanguageSwitch(target: EventTarget | null): target is HTMLFormElement {
  return target instanceof HTMLFormElement && target.querySelector(`input[${LOCALE_RETURN_ATTRIBUTE}]`) !== null;
}

/** The carried part of a form's values, and whether anything sensitive (not carried) was filled. */
function carriable(values: object): { carried: CarriedValues; cleared: boolean } {
  const carried: CarriedValues = {};
  let cleared = false;
  for (const [field, value] of Object.entries(values)) {
    if (isSensitiveKey(field)) {
      if (value !== '' && value !== null && value !== undefined) cleared = true;
    } else if (typeof value === 'string' || typeof value === 'boolean') {
      carried[field] = value;
    }
  }
  return { carried, cleared };
}

function saveOnLanguageSwitch(event: Event) {
  if (!isLanguageSwitch(event.target) || openForms.size === 0) return;
  const record: Carried = { path: window.location.pathname, forms: {}, cleared: false };
  let sessionStore: SessionStore | null = null;
  for (const [name, form] of openForms) {
    const { carried, cleared } = carriable(form.values());
    record.forms[name] = carried;
    record.cleared ||= cleared;
    sessionStore = form.sessionStore;
  }
  sessionStore?.setItem(CARRY_KEY, JSON.stringify(record));
}

/** A form open on the page, until the returned function is called: its values go with a language switch. */
export function carryOnLanguageSwitch(name: string, values: () => object, sessionStore: SessionStore): () => void {
  openForms.set(name, { values, sessionStore });
  if (!listening) {
    listening = true;
    // capture: the server's form submits natively, and nothing of ours may stop it
    document.addEventListener('submit', saveOnLanguageSwitch, true);
  }
  return () => {
    if (openForms.get(name)?.values === values) openForms.delete(name);
  };
}

let taken: Carried | null | undefined;
let focused = false;

/** The record left by a switch on this very page: read once per page load, removed from storage at once. */
function takeRecord(sessionStore: SessionStore): Carried | null {
  if (taken !== undefined) return taken;
  const raw = sessionStore.getItem(CARRY_KEY);
  sessionStore.removeItem(CARRY_KEY);
  taken = null;
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Carried> | null;
    if (parsed && parsed.path === window.location.pathname && parsed.forms && typeof parsed.forms === 'object') {
      taken = { path: parsed.path, forms: parsed.forms, cleared: parsed.cleared === true };
    }
  } catch {
    taken = null;
  }
  return taken;
}

/** The language switch's button of the page's language, or its first one that is shown. */
function focusLanguageSwitch() {
  const form = [...document.querySelectorAll('form')].find((candidate) => isLanguageSwitch(candidate));
  if (!form) return;
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
  const shown = buttons.filter((button) => button.getClientRects().length > 0);
  const current = shown.find((button) => button.lang === document.documentElement.lang);
  (current ?? shown[0] ?? buttons[0])?.focus();
}

/**
 * The values carried for the form `name` over a language switch on this page (once), with whether
 * something sensitive was cleared; null when there was no switch. Focus goes back to the switch.
 */
export function takeCarriedValues(name: string, sessionStore: SessionStore): { values: CarriedValues; cleared: boolean } | null {
  const record = takeRecord(sessionStore);
  const values = record?.forms[name];
  if (!record || !values) return null;
  delete record.forms[name];
  const cleared = record.cleared;
  // told once, focus moved once: for the first form that takes its values
  record.cleared = false;
  if (!focused) {
    focused = true;
    focusLanguageSwitch();
  }
  return { values, cleared };
}

/** For tests: forget what this page load read and which forms are open. */
export function resetLanguageSwitchCarry() {
  taken = undefined;
  focused = false;
  openForms.clear();
}

/**
 * The HTML the server writes: the page shell every portal page shares (header with the language
 * switch, main, the JSON config block and the widget loader), in the page's language, and small
 * escaping helpers.
 */
import { createHash } from 'node:crypto';
import { LOCALE_NAMES, LOCALE_RETURN_ATTRIBUTE, LOCALES, type Locale, PSEUDO_LOCALE } from '../../src/platform/i18n/locales';
import type { MessageId } from '../../src/platform/i18n/messageId';
import { FONT_FAMILY, PALETTE, RADIUS, TOUCH_TARGET_PX } from '../../src/platform/palette';
import { HOST_RESET_CSS, HOST_RESET_ID } from '../../src/platform/hostReset';
import { WIDGET_ATTRIBUTE } from '../../src/platform/portalElements';
import { FIRST_ANSWERS_ELEMENT_ID, HYDRATED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE, type ServerRendered } from '../../src/platform/renderProtocol';
import { serverText } from '../http/i18n';
import { maskCsrfToken } from '../auth/security';

const LOADER_PATH = '/loanmanager/static/loanmanager-widgets.js';
export const SERVICER_NAME = 'Loan Manager';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Markup built by the server itself (links, emphasis), placed in a catalog text as it is. */
export class TrustedHtml {
  constructor(readonly html: string) {}
}

export const trustedHtml = (html: string) => new TrustedHtml(html);

/** Opening and closing markup for a catalog text's `<0>…</0>` (`['<strong>', '</strong>']`). */
export type HtmlElement = readonly [open: string, close: string];

const SLOT = /\uE000(\d+)\uE001/g;
const TAG = /&lt;(\/?)(\d+)&gt;/g;

/**
 * A catalog text as HTML, in `locale`: the text is escaped (a translation is text, never markup),
 * each value too unless it is TrustedHtml, and the text's numbered tags become `elements`
 * (`"We have sent … to <0>{address}</0>."` with `{ 0: ['<strong>', '</strong>'] }`), so a
 * translation can move the emphasis or the link where its grammar wants it.
 */
export function htmlText(
  locale: Locale,
  id: MessageId,
  values: Readonly<Record<string, string | number | TrustedHtml>> = {},
  elements: Readonly<Record<number, HtmlElement>> = {},
): string {
  const names = Object.keys(values);
  const escaped = escapedText(locale, id, names);
  const tagged = hasAny(elements) ? escaped.replace(TAG, (tag: string, closing: string, index: string) => elements[Number(index)]?.[closing ? 1 : 0] ?? tag) : escaped;
  if (names.length === 0) return tagged;
  const slots = names.map((name) => {
    const value = values[name]!;
    return value instanceof TrustedHtml ? value.html : escapeHtml(String(value));
  });
  return tagged.replace(SLOT, (_slot, index: string) => slots[Number(index)] ?? '');
}

const hasAny = (elements: Readonly<Record<number, HtmlElement>>) => {
  for (const _index in elements) return true;
  return false;
};

/**
 * A catalog text escaped, each value a numbered slot: it depends on the language, the text and the
 * values' names alone, so it is worked out once, not on every page (about 30 texts a signed-in page;
 * issue 50, bench/RESULTS.md "Server-drawn pages"). Bounded: the texts × their callers' names × the languages.
 */
const escapedTexts = new Map<Locale, Map<string, string>>();

function escapedText(locale: Locale, id: MessageId, names: readonly string[]): string {
  let texts = escapedTexts.get(locale);
  if (!texts) escapedTexts.set(locale, (texts = new Map()));
  const key = names.length === 0 ? id : `${id}\n${names.join('\n')}`;
  let escaped = texts.get(key);
  if (escaped === undefined) {
    const slotted: Record<string, string> = {};
    names.forEach((name, index) => (slotted[name] = `\uE000${index}\uE001`));
    escaped = escapeHtml(serverText(locale, id, slotted));
    texts.set(key, escaped);
  }
  return escaped;
}

/** JSON that is safe inside <script type="application/json">: no `<` (so no `</script>`), no
 * `>` or `&`, and no line separators that old parsers choke on. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The embedding contract read by the widget loader (src/platform/config.ts). */
export interface PageConfig {
  recaptcha: { method: string; site_key: string | null };
  coacct: string | null;
  reset_nonce: string | null;
  devtools: boolean;
  record_actions: boolean;
  qa_tools: boolean;
  /** Passkeys offered (PASSKEYS, on unless 0): the reference portal's pages say so. */
  passkeys: boolean;
  error_reporting?: { dsn: string };
  /** The widgets' language: the page's (src/platform/config.ts), or QA's pseudo-locale. */
  locale: Locale | typeof PSEUDO_LOCALE;
}

/** Where borrowers get help: the footer of every page (HELP_PHONE, HELP_HOURS, HELP_EMAIL). */
export interface HelpContact {
  phone: string;
  /** The operator's text, shown as configured (one language); null: the demo hours, in the page's language. */
  hours: string | null;
  email: string;
}

export const PRIVACY_PATH = '/loanmanager/privacy/';
export const ACCESSIBILITY_PATH = '/loanmanager/accessibility/';

interface SignedInNav {
  /** main/ for several loans, loanoverview/ for one */
  homePath: string;
  csrfToken: string;
  current: string;
}

/** The language switch's form: POSTed to LOCALE_PATH with the CSRF token, like the sign-out form. */
export interface LocaleSwitch {
  /** The CSRF token as the form carries it: masked afresh for each page (maskCsrfToken, control 28). */
  maskedCsrfToken: string;
  /** Where the switch sends the browser back to: this page's path (a portal path, server/routes/pages/ checks it again). */
  returnPath: string;
}

export const LOCALE_PATH = '/loanmanager/locale/';
/** The switch's field naming the page to go back to (as sign-in's `next`). */
export const RETURN_FIELD = 'next';
/** The switch's field naming the language chosen (the pressed button's value). */
export const LOCALE_FIELD = 'locale';

export interface PageOptions {
  /** The page's language: `<html lang>`, every text of the shell. */
  locale: Locale;
  /** The page's title, in its language (the shell adds ` | Loan Manager`). */
  title: string;
  /** Server-rendered pages have their own h1; widget pages leave the heading to the widget. */
  heading?: string;
  /** Trusted HTML placed in <main> after the heading. */
  content?: string;
  /** Which widget the page hosts (`portal` or `popups`); none for plain pages. */
  widget?: 'portal' | 'popups';
  /**
   * The widget's first view, rendered by the server (server/pages/firstViewRenderer.ts), with the
   * stylesheets it needs: the loader hydrates it. Absent: the browser draws the widget.
   */
  serverRendered?: (ServerRendered & { stylesheets: string[]; firstAnswers?: object }) | null;
  /**
   * The answers a widget the browser draws shows first (its catalog row's `firstAnswers`: the
   * popups), handed to the store as it mounts (src/widgets/mountWidget.tsx).
   */
  firstAnswers?: object;
  /** The config block; needed whenever a widget is hosted. */
  config?: PageConfig;
  /** Signed-in pages host the inactivity warning too (the `session-timeout` widget), after everything else. */
  sessionTimeout?: boolean;
  nav?: SignedInNav | null;
  /**
   * Scripts the page will load (server/pages/preload.ts), fetched from the head at once, at the low
   * priority the loader's own deferred script has: they must not hold back the first paint.
   */
  preload?: string[];
  /** The footer's help and contact details; pages for developers leave it out. */
  help?: HelpContact;
  /** The header's language switch; pages for developers leave it out. */
  localeSwitch?: LocaleSwitch | null;
}

const { header, primary, linkHover, text, textSecondary, divider, surface, pageBackground, focus, infoBackground, infoBorder, warningBackground, warningBorder } =
  PALETTE;

/**
 * The pages' stylesheet, in the widgets' visual language: the same palette, fonts, radii and
 * 44 px targets as the antd theme (src/widgets/theme.ts), so a server page and a widget page look
 * like one product. The header of a signed-in page is two rows at every width: the name, the
 * language switch and "Sign out", then the account links; its DOM is in that order, so Tab follows
 * what the eye reads (a one-row desktop header would put the links between the name and the switch,
 * which the phone's two rows cannot). No item wraps: each is `nowrap`, and under 360 px the header
 * tightens (smaller name and links, less padding) so the Spanish rows fit at 320 px. The links'
 * padding also follows the row's own width (a container), so they fit beside a classic scrollbar,
 * which narrows the page but not the width media queries see (375 px window: 358 px, issue 42);
 * should a font still be wider, the links scroll sideways rather than fall to a row of their own. Under 768 px the
 * switch shows only the other language (the page's own is the page). A signed-out page's header is
 * one row, the name and both languages.
 */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:${FONT_FAMILY};font-size:16px;line-height:1.5;color:${text};background:${pageBackground}}
h1{font-size:28px;line-height:1.3;font-weight:600;margin:8px 0 16px}
h2{font-size:20px;line-height:1.4;font-weight:600;margin:24px 0 12px}
h1,h2{text-wrap:balance}
a{color:${primary};text-underline-offset:2px}
a:hover{color:${linkHover}}
:focus-visible{outline:3px solid ${focus};outline-offset:2px}
[tabindex="-1"]:focus{outline:none}
.skip-link{position:absolute;left:-9999px;top:0;background:${surface};padding:8px 12px;z-index:10}
.skip-link:focus{left:8px;top:8px}
.site-header{background:${header};color:#fff}
.site-header :focus-visible{outline-color:#fff}
.site-header-inner{max-width:960px;margin:0 auto;padding:0 16px;display:grid;grid-template-columns:1fr auto;grid-template-areas:"brand locale";align-items:center;column-gap:16px}
.site-header-inner.with-nav{grid-template-columns:1fr auto auto;grid-template-areas:"brand locale signout" "nav nav nav";column-gap:8px}
.site-header a{color:#fff}
.brand{grid-area:brand;display:inline-flex;align-items:center;min-height:${TOUCH_TARGET_PX + 8}px;font-weight:600;font-size:1.125rem;text-decoration:none;white-space:nowrap;justify-self:start}
.site-signout{grid-area:signout;margin:0}
.site-signout button{font:inherit;font-size:15px;color:#fff;background:transparent;border:1px solid #fff;border-radius:${RADIUS.control}px;min-height:${TOUCH_TARGET_PX}px;padding:0 12px;cursor:pointer;white-space:nowrap}
.site-signout button:hover{background:rgba(255,255,255,.12)}
.site-locale{grid-area:locale;display:flex;gap:4px;margin:0}
.site-locale button{font:inherit;font-size:14px;color:#fff;background:transparent;border:1px solid rgba(255,255,255,.6);border-radius:${RADIUS.control}px;min-height:${TOUCH_TARGET_PX}px;min-width:${TOUCH_TARGET_PX}px;padding:0 10px;cursor:pointer;white-space:nowrap}
.site-locale button:hover{background:rgba(255,255,255,.12)}
.site-locale button[aria-current=true]{background:#fff;color:${header};border-color:#fff;font-weight:600}
.site-nav{grid-area:nav;margin:0 -8px;min-width:0;container-type:inline-size}
.site-nav ul{display:flex;flex-wrap:nowrap;overflow-x:auto;list-style:none;margin:0;padding:0}
.site-nav a{display:inline-flex;align-items:center;min-height:${TOUCH_TARGET_PX}px;padding:0 8px;padding:0 clamp(4px,(100cqw - 296px) / 8,8px);font-size:15px;text-decoration:none;white-space:nowrap;border-bottom:3px solid transparent}
.site-nav a:focus-visible{outline-offset:-3px}
.site-nav a:hover{border-bottom-color:rgba(255,255,255,.6)}
.site-nav a[aria-current=page]{border-bottom-color:#fff;font-weight:600}
@media (max-width:767px){.with-nav .site-locale button[aria-current=true]{display:none}}
@media (min-width:768px){.site-header-inner.with-nav{column-gap:16px}}
@media (max-width:359px){.site-header-inner{padding:0 8px}.site-header-inner.with-nav{column-gap:6px}.brand{font-size:1rem}.site-signout button,.site-locale button{padding:0 8px}.site-nav{margin:0 -4px}.site-nav a{font-size:14px;padding:0 5px}}
main{max-width:960px;margin:0 auto;padding:16px}
.portal-main{min-height:100vh}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.card,table{background:${surface};border:1px solid ${divider};border-radius:${RADIUS.card}px}
.card{padding:4px 20px;margin:16px 0}
.card h2{margin-top:16px}
table{border-collapse:separate;border-spacing:0;width:100%;overflow:hidden}
th,td{text-align:left;vertical-align:top;padding:12px 16px;border-bottom:1px solid ${divider}}
tr:last-child th,tr:last-child td{border-bottom:0}
th{font-weight:400;color:${textSecondary};width:45%}
.notice{background:${infoBackground};border:1px solid ${infoBorder};border-radius:${RADIUS.card}px;padding:12px 16px;margin:0 0 16px}
.notice-warning{background:${warningBackground};border-color:${warningBorder}}
.passkey-offer h2{font-size:18px;margin:4px 0 8px}
.passkey-offer p{margin:0 0 12px}
.passkey-offer-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:4px}
.passkey-offer-actions form{margin:0}
.button-link{display:inline-flex;align-items:center;min-height:${TOUCH_TARGET_PX}px;padding:8px 20px;font-weight:600;color:#fff;background:${primary};border-radius:${RADIUS.control}px;text-decoration:none}
.button-link:hover{color:#fff;background:${linkHover}}
.passkey-offer-actions button{font:inherit;color:${primary};background:${surface};border:1px solid ${primary};border-radius:${RADIUS.control}px;min-height:${TOUCH_TARGET_PX}px;padding:8px 20px;cursor:pointer}
.loan-list{list-style:none;padding:0}
.link-target{display:inline-flex;align-items:center;min-height:${TOUCH_TARGET_PX}px}
.site-footer p a{display:inline-block;padding:11px 0;margin:-7px 0}
.page-form{margin:24px 0}
.page-form button{font:inherit;font-weight:600;color:#fff;background:${primary};border:1px solid ${primary};border-radius:${RADIUS.control}px;min-height:${TOUCH_TARGET_PX}px;padding:8px 20px;cursor:pointer}
.page-form button:hover{background:${linkHover};border-color:${linkHover}}
.actions{display:grid;gap:8px;padding:0;list-style:none}
.actions a{display:flex;align-items:center;min-height:${TOUCH_TARGET_PX}px;padding:8px 16px;background:${surface};border:1px solid ${divider};border-radius:${RADIUS.card}px}
pre{white-space:pre-wrap;word-break:break-word}
.site-footer{max-width:960px;margin:32px auto 0;padding:16px;border-top:1px solid ${divider};font-size:.9375rem;color:${textSecondary}}
.site-footer p{margin:0 0 8px}
.site-footer ul{display:flex;flex-wrap:wrap;gap:0 16px;list-style:none;margin:0;padding:0}
.site-footer li a{display:inline-flex;align-items:center;min-height:${TOUCH_TARGET_PX}px}
a[href^="tel:"]{white-space:nowrap}
`
  .trim()
  .replace(/\n/g, '');

/**
 * A widget page with scripting off (issue 39, E8): its first view is drawn by the server, so its
 * forms would look usable and do nothing, and a page that checks a link would say "Please wait..."
 * for ever. `<noscript>` is read only then: the page says so first thing in its main content, and
 * this style (in the head, where `<noscript>` may hold a style) greys the widget's forms out, hides
 * their submit buttons and the waiting status. With scripting on neither exists: the widget's
 * markup, what its hydration compares, is untouched, and nothing moves.
 */
const NO_SCRIPT_STYLE = `
[${WIDGET_ATTRIBUTE}] form{opacity:.5}
[${WIDGET_ATTRIBUTE}] form :is(input,select,textarea,button,label){pointer-events:none}
[${WIDGET_ATTRIBUTE}] form [type=submit]{display:none}
[${WIDGET_ATTRIBUTE}] [role=status]:has([aria-busy=true]),[${WIDGET_ATTRIBUTE}] [role=status]:has([aria-busy=true])~*{display:none}
`
  .trim()
  .replace(/\n/g, '');

function renderNav(locale: Locale, nav: SignedInNav): string {
  const links: Array<[string, MessageId]> = [
    [nav.homePath, 'server.header.loans'],
    ['/loanmanager/go-green/', 'portal.title.goGreen'],
    ['/loanmanager/eftsetuprequest/', 'server.header.autopay'],
    ['/loanmanager/profile/', 'portal.title.profile'],
  ];
  const items = links
    .map(
      ([href, label]) =>
        `<li><a href="${escapeHtml(href)}"${href === nav.current ? ' aria-current="page"' : ''}>${htmlText(locale, label)}</a></li>`,
    )
    .join('');
  return (
    `<form class="site-signout" method="post" action="/loanmanager/logout/">` +
    `<input type="hidden" name="csrfmiddlewaretoken" value="${maskCsrfToken(nav.csrfToken)}">` +
    `<button type="submit">${htmlText(locale, 'server.header.signOut')}</button></form>` +
    `<nav class="site-nav" aria-label="${htmlText(locale, 'server.header.accountNav')}"><ul>${items}</ul></nav>`
  );
}

/**
 * The language switch: one button per language, each named in its own language (and marked so:
 * `lang`), the page's own marked current. A plain form: it works before any script has loaded.
 */
function renderLocaleSwitch(locale: Locale, localeSwitch: LocaleSwitch): string {
  const buttons = LOCALES.map(
    (code) =>
      `<button type="submit" name="${LOCALE_FIELD}" value="${code}" lang="${code}"${code === locale ? ' aria-current="true"' : ''}>` +
      `${escapeHtml(LOCALE_NAMES[code])}</button>`,
  ).join('');
  return (
    `<form class="site-locale" method="post" action="${LOCALE_PATH}" aria-label="${htmlText(locale, 'server.header.language')}">` +
    `<input type="hidden" name="csrfmiddlewaretoken" value="${localeSwitch.maskedCsrfToken}">` +
    `<input type="hidden" name="${RETURN_FIELD}" value="${escapeHtml(localeSwitch.returnPath)}" ${LOCALE_RETURN_ATTRIBUTE}>` +
    `${buttons}</form>`
  );
}

/** A phone number as a `tel:` link and an address as a `mailto:` link, for the help texts. */
/** When the help line answers: the operator's words, else the demo hours in `locale`. */
export function helpHours(locale: Locale, help: HelpContact): string {
  return help.hours ?? serverText(locale, 'server.footer.defaultHours');
}

export function helpLinks(help: HelpContact): { phone: TrustedHtml; email: TrustedHtml } {
  const tel = help.phone.replace(/[^\d+]/g, '');
  return {
    phone: trustedHtml(`<a href="tel:${escapeHtml(tel)}">${escapeHtml(help.phone)}</a>`),
    email: trustedHtml(`<a href="mailto:${escapeHtml(help.email)}">${escapeHtml(help.email)}</a>`),
  };
}

function renderFooter(locale: Locale, help: HelpContact): string {
  const { phone, email } = helpLinks(help);
  return (
    '<footer class="site-footer">' +
    `<p>${htmlText(locale, 'server.footer.helpLine', { phone, hours: helpHours(locale, help), email })}</p>` +
    `<ul><li><a href="${PRIVACY_PATH}">${htmlText(locale, 'server.privacy.title')}</a></li>` +
    `<li><a href="${ACCESSIBILITY_PATH}">${htmlText(locale, 'server.accessibility.title')}</a></li></ul>` +
    '</footer>'
  );
}

/**
 * The page's one inline script, in its head: a form of a server-drawn widget submitted before the
 * widget is live (a tap on Sign in, Enter in a field, while the scripts still load) is held, not
 * lost: the browser's own submit is prevented (the form's inert action would be refused by the CSP,
 * silently) and the form is marked, and its hydration submits it again once it is live
 * (src/firstView/hydration.tsx). Forms outside the widgets (the header's) are left alone.
 */
export const HOLD_EARLY_SUBMITS_SCRIPT =
  "document.addEventListener('submit',function(e){var f=e.target;" +
  `if(f&&f.closest&&f.closest('[${SERVER_RENDERED_ATTRIBUTE}]:not([${HYDRATED_ATTRIBUTE}])')){e.preventDefault();f.setAttribute('${SUBMIT_HELD_ATTRIBUTE}','')}},true)`;
/** Its CSP source (server/http/app.ts): the script runs by its hash, no other inline script does. */
export const HOLD_EARLY_SUBMITS_CSP = `'sha256-${createHash('sha256').update(HOLD_EARLY_SUBMITS_SCRIPT).digest('base64')}'`;

/**
 * A page in two parts: its head (to `</head>`), which is drawn from the page's kind, language, build
 * and view alone (title, stylesheets, antd's styles of the view, preloads, the shell's CSS: nothing of
 * the borrower, so a server may compress it once: server/pages/keptHeads.ts), and the rest.
 */
export interface PageParts {
  head: string;
  body: string;
}

export const pageHtml = ({ head, body }: PageParts): string => head + body;

export function renderPage(options: PageOptions): string {
  return pageHtml(renderPageParts(options));
}

interface HeadSource {
  locale: Locale;
  title: string;
  widget: PageOptions['widget'];
  /** Whether the page loads the loader (the config block and its script). */
  scripts: boolean;
  noScript: boolean;
  stylesheets: readonly string[];
  headStyles: string;
  preload: readonly string[];
}

/**
 * Heads drawn, by antd's styles of the view (the long part, the same string for every page of a kept
 * view: server/pages/keptViews.ts), then by the rest of what a head is drawn from. A page of a kind,
 * language, view and build gets the same head string every time: not drawn again, and found by
 * KeptHeads (server/pages/keptHeads.ts) by its identity, not by hashing and comparing its 10–26 KB
 * (issue 50). Nothing of a borrower is in a head (PageParts). Emptied when past HEADS_DRAWN_LIMIT.
 */
const headsDrawn = new Map<string, Map<string, string>>();
let headsDrawnCount = 0;
const HEADS_DRAWN_LIMIT = 200;

function headOf(source: HeadSource): string {
  const { locale, title, widget, scripts, noScript, stylesheets, headStyles, preload } = source;
  const key = `${locale}\n${title}\n${widget ?? ''}\n${scripts}\n${noScript}\n${stylesheets.join('\n')}\n\n${preload.join('\n')}`;
  let heads = headsDrawn.get(headStyles);
  const found = heads?.get(key);
  if (found !== undefined) return found;
  const head = drawHead(source);
  if (headsDrawnCount >= HEADS_DRAWN_LIMIT) {
    headsDrawn.clear();
    headsDrawnCount = 0;
    heads = undefined;
  }
  if (!heads) headsDrawn.set(headStyles, (heads = new Map()));
  heads.set(key, head);
  headsDrawnCount += 1;
  return head;
}

function drawHead({ locale, title, widget, scripts, noScript, stylesheets, headStyles, preload }: HeadSource): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} | ${SERVICER_NAME}</title>` +
    '<link rel="icon" href="data:,">' +
    // on every widget page: where nothing is drawn by the server it holds nothing
    (widget ? `<script>${HOLD_EARLY_SUBMITS_SCRIPT}</script>` : '') +
    stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
    headStyles +
    // the loader first: it runs every other script, and at the end of the body it was found last and
    // queued behind a dozen preloads (requested 190–290 ms after the page in Lighthouse's trace, 139 ms first)
    (scripts ? [LOADER_PATH, ...preload] : preload).map((src) => `<link rel="preload" as="script" fetchpriority="low" href="${escapeHtml(src)}">`).join('') +
    `<style>${STYLE}</style>` +
    // the loader's reset for widgets on a host page, here from the start (src/platform/hostReset.ts)
    `<style id="${HOST_RESET_ID}">${HOST_RESET_CSS}</style>` +
    (noScript ? `<noscript><style>${NO_SCRIPT_STYLE}</style></noscript>` : '') +
    '</head>'
  );
}

export function renderPageParts(options: PageOptions): PageParts {
  const { locale } = options;
  const heading = options.heading ? `<h1>${escapeHtml(options.heading)}</h1>` : '';
  const rendered = options.widget ? options.serverRendered : null;
  const widget = !options.widget
    ? ''
    : rendered
      ? `<div ${WIDGET_ATTRIBUTE}="${options.widget}" lang="${options.config?.locale ?? locale}" ${SERVER_RENDERED_ATTRIBUTE}>${rendered.html}</div>`
      : `<div ${WIDGET_ATTRIBUTE}="${options.widget}"></div>`;
  // the answers the widget was drawn with, for its hydration, or that it shows first (src/firstView/firstAnswers.ts); a data block, never run
  const answers = rendered?.firstAnswers ?? options.firstAnswers;
  const firstAnswers = answers
    ? `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScript(answers)}</script>`
    : '';
  // the portal's pages are forms and flows: without scripting they cannot work (the popups' pages can)
  const noScript = options.widget === 'portal';
  const timeoutWidget = options.sessionTimeout ? `<div ${WIDGET_ATTRIBUTE}="session-timeout"></div>` : '';
  const scripts =
    (options.widget || options.sessionTimeout) && options.config
      ? `<script type="application/json" id="loanmanager-config">${jsonForScript(options.config)}</script>` +
        `<script src="${LOADER_PATH}" defer></script>`
      : '';
  const head = headOf({
    locale,
    title: options.title,
    widget: options.widget,
    scripts: scripts !== '',
    noScript,
    stylesheets: rendered?.stylesheets ?? [],
    headStyles: rendered?.headStyles ?? '',
    preload: options.preload ?? [],
  });
  const body =
    `<body><a class="skip-link" href="#main">${htmlText(locale, 'server.header.skipToMain')}</a>` +
    `<header class="site-header"><div class="site-header-inner${options.nav ? ' with-nav' : ''}">` +
    `<a class="brand" href="/loanmanager/">${SERVICER_NAME}</a>` +
    // in the order the rows are read: the name, the language switch, "Sign out", then the links
    `${options.localeSwitch ? renderLocaleSwitch(locale, options.localeSwitch) : ''}` +
    `${options.nav ? renderNav(locale, options.nav) : ''}</div></header>` +
    // a portal page's first view grows when its answers arrive (a spinner, then go-green's steps):
    // its main fills the screen, so the footer starts below it and is never pushed down in sight
    `<main id="main"${options.widget === 'portal' ? ' class="portal-main"' : ''}>` +
    (noScript ? `<noscript><p class="notice notice-warning">${htmlText(locale, 'server.noScript')}</p></noscript>` : '') +
    `${heading}${options.content ?? ''}${widget}</main>` +
    (options.help ? renderFooter(locale, options.help) : '') +
    `${firstAnswers}${timeoutWidget}${scripts}</body></html>`;
  return { head, body };
}

const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-US' };

/** An amount in dollars, as the page's language writes it ($1,234.50 in both). */
/** One formatter per language: making one took 13 % of main/'s CPU when made for every amount (issue 50). */
const CURRENCY_FORMATS: Readonly<Record<Locale, Intl.NumberFormat>> = {
  en: new Intl.NumberFormat(INTL_LOCALES.en, { style: 'currency', currency: 'USD' }),
  es: new Intl.NumberFormat(INTL_LOCALES.es, { style: 'currency', currency: 'USD' }),
};
const LONG_DATE_FORMATS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat(INTL_LOCALES.en, { dateStyle: 'long', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat(INTL_LOCALES.es, { dateStyle: 'long', timeZone: 'UTC' }),
};

export function formatCents(cents: number, locale: Locale = 'en'): string {
  return CURRENCY_FORMATS[locale].format(cents / 100);
}

/**
 * YYYY-MM-DD as the page's language writes it. English: MM/DD/YYYY, the format borrowers type and
 * read. Spanish: the month in words ("10 de febrero de 2026"): es-US writes numeric dates day
 * first, which a borrower who types MM/DD/AAAA in the forms would misread.
 */
export function formatIsoDate(iso: string, locale: Locale = 'en'): string {
  const [year, month, day] = iso.split('-');
  if (!year || !month || !day) return iso;
  if (locale === 'en') return `${month}/${day}/${year}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number.isNaN(date.getTime()) ? iso : LONG_DATE_FORMATS[locale].format(date);
}

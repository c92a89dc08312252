/**
 * The elements the portal owns on a page, by attribute: each widget's box (`<div
 * data-loanmanager-widget="NAME">`), the page's one snackbar and QA's toolbar (both at the end of
 * the body, outside every widget box). The server writes the first on its own pages.
 */
export const WIDGET_ATTRIBUTE = 'data-loanmanager-widget';
export const SNACKBAR_ATTRIBUTE = 'data-loanmanager-snackbar';
export const QA_TOOLBAR_ATTRIBUTE = 'data-loanmanager-qa-toolbar';

const PORTAL_ELEMENTS = [WIDGET_ATTRIBUTE, SNACKBAR_ATTRIBUTE, QA_TOOLBAR_ATTRIBUTE].map((attribute) => `[${attribute}]`);

/**
 * A host's universal selector (`* { font-family: serif }`) would hit every element inside a
 * widget that antd does not style itself (labels, button text). Inside widgets, elements inherit
 * the font from antd's component roots instead. One attribute selector: antd's own rules
 * (class + hash) stay more specific. The loader adds it to a host page once; the portal's own
 * pages come with it (server/html.ts), so no stylesheet arrives to restyle a page as it hydrates.
 */
export const HOST_RESET_CSS = `${PORTAL_ELEMENTS.flatMap((element) => [`${element} *`, `${element} *::before`, `${element} *::after`]).join(', ')} { font-family: inherit; }`;
export const HOST_RESET_ID = 'loanmanager-host-reset';

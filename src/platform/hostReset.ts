/** The loader's font reset for a host page: a module of its own, so the loader's own code (which needs the attributes only) stays small. */
import { QA_TOOLBAR_ATTRIBUTE, SNACKBAR_ATTRIBUTE, WIDGET_ATTRIBUTE } from './portalElements';

const PORTAL_ELEMENTS = [WIDGET_ATTRIBUTE, SNACKBAR_ATTRIBUTE, QA_TOOLBAR_ATTRIBUTE].map((attribute) => `[${attribute}]`);

/**
 * A host's universal selector (`* { font-family: serif }`) would hit every element inside a
 * widget that antd does not style itself (labels, button text). Inside widgets, elements inherit
 * the font from antd's component roots instead. One attribute selector: antd's own rules
 * (class + hash) stay more specific. The loader adds it to a host page once; the portal's own
 * pages come with it (server/pages/html.ts), so no stylesheet arrives to restyle a page as it hydrates.
 */
export const HOST_RESET_CSS = `${PORTAL_ELEMENTS.flatMap((element) => [`${element} *`, `${element} *::before`, `${element} *::after`]).join(', ')} { font-family: inherit; }`;
export const HOST_RESET_ID = 'loanmanager-host-reset';

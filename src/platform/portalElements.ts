/**
 * The elements the portal owns on a page, by attribute: each widget's box (`<div
 * data-loanmanager-widget="NAME">`), the page's one snackbar and QA's toolbar (both at the end of
 * the body, outside every widget box). The server writes the first on its own pages.
 */
export const WIDGET_ATTRIBUTE = 'data-loanmanager-widget';
export const SNACKBAR_ATTRIBUTE = 'data-loanmanager-snackbar';
export const QA_TOOLBAR_ATTRIBUTE = 'data-loanmanager-qa-toolbar';

/**
 * Code the go-green widget needs only after its first view, kept out of the widget's first load
 * (issue 8): each import() is a chunk of its own, fetched when first asked for. webpack keeps a
 * loaded chunk and forgets a failed one, so asking again after a failure downloads it again.
 * The chunk names must not start with "widget-": those name the widgets (registry, bench).
 */

/** bowser, for the client facts the opt-in records. */
export const loadClientDescription = () =>
  import(/* webpackChunkName: "go-green-client-description" */ './clientDescription');

/** DOMPurify, for the disclosures of the last step. */
export const loadDisclosuresSanitizer = () =>
  import(/* webpackChunkName: "go-green-disclosures-sanitizer" */ './sanitizeDisclosures');

/** Starts a download ahead of need. A failure is left to the code that needs the module: it asks again. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

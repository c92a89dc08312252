/**
 * The contract between the reference server and its server render (issue 18): `dist/ssr/render.js`,
 * built from src/ssrEntry.tsx (webpack.config.ts), which the server loads at run time
 * (server/pages/firstViewRenderer.ts). Types only: the server never imports the widgets' sources.
 */
import type { FirstAnswerEndpoint } from './widgetCatalog';

/** The attribute of a widget element whose content the server rendered: the loader hydrates it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-loanmanager-server-rendered';

/**
 * The landing page's offer of a passkey (issue 49): drawn hidden by the server
 * (server/routes/passkeyOffer.ts), shown by the popups widget where the browser can use passkeys.
 */
export const PASSKEY_OFFER_ATTRIBUTE = 'data-loanmanager-passkey-offer';

/** The id of the JSON element that carries the answers a server-drawn page comes with (src/firstView/firstAnswers.ts). */
export const FIRST_ANSWERS_ELEMENT_ID = 'loanmanager-first-answers';

/** Set on that element once its first view is live (hydrated): for QA and the e2e suite, which act only then. */
export const HYDRATED_ATTRIBUTE = 'data-loanmanager-hydrated';

/**
 * Set on a server-drawn form submitted before its widget was live (the page's one inline script,
 * server/pages/html.ts, holds the submit): the hydration submits it again once the form is live
 * (src/firstView/hydration.tsx), so a Sign in tapped early is not lost.
 */
export const SUBMIT_HELD_ATTRIBUTE = 'data-loanmanager-submit-held';

/**
 * A widget component that must load something before it hydrates, so that its first render does
 * not suspend (src/firstView/hydration.tsx calls it): the portal loads the page of the address.
 */
export interface PreparesHydration {
  prepareHydration?(url: string): Promise<void>;
}

export interface ServerRenderRequest {
  /** The page's address as the browser shows it (path and query): the page the portal shows first. */
  url: string;
  /** The config block, exactly as the page embeds it (the client reads the same). */
  config: unknown;
  /**
   * The API answers the page comes with (its catalog row's `firstAnswers`, src/firstView/firstAnswers.ts),
   * exactly as the page embeds them for the hydration: the first view shows them.
   */
  firstAnswers?: Readonly<Partial<Record<FirstAnswerEndpoint, unknown>>>;
}

export interface ServerRendered {
  /** The widget element's content. */
  html: string;
  /**
   * `<style>` elements for the page's head: antd's design tokens as CSS variables (the component
   * styles are the build's CSS files), marked so that antd in the browser finds them and does not
   * write them again.
   */
  headStyles: string;
}

/**
 * The portal's first view of `url`, the same as the client's first render from the same config
 * (so it hydrates without a mismatch); null when the page has nothing to render on a server (a
 * QA tool, the pseudo-locale, an address the portal does not know).
 */
export type RenderPortalPage = (request: ServerRenderRequest) => Promise<ServerRendered | null>;

export interface ServerRenderModule {
  renderPortalPage: RenderPortalPage;
}

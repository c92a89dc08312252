/**
 * The one widget catalog: one row per widget a host page can place with
 * <div data-loanmanager-widget="NAME">. Everything else derives from it:
 * - written from it by `npm run widgets` (scripts/widgetTables.ts): the loader's registry
 *   (src/widgets/registry.ts), the full store's features (src/app/featureOfWidget.ts) and the
 *   parts of the messages (src/platform/i18n/widgetMessages.ts);
 * - the standalone portal's routes (src/pages/portalRoutes.ts: every row with a `page`);
 * - the QA replay list (src/pages/qa/replayWidgets.ts: every row, and which slice is whose);
 * - the server's page shells and their preloads (server/routes/pages/: every row with a `page`).
 * It is data only, in src/platform, because the server may import it and must not import widgets.
 */
import type { MessageId } from './i18n/messageId';
import type { MessagesNamespace } from './i18n/widgetMessages';

/** A page of the standalone portal that shows this widget. */
interface CatalogPage {
  /** Path under /loanmanager/, without slashes at either end; a '/*' tail matches the rest. */
  readonly path: string;
  /**
   * The id of the page's title in the catalogs (src/platform/i18n/locales, namespace `common`, so
   * the portal has it on every page): the server's <title> and the portal's document.title, in
   * the page's language.
   */
  readonly titleId: MessageId;
  /** Visitors without a session are sent to the sign-in page. */
  readonly signedIn: boolean;
  /**
   * The server answers this page with its own route (server/routes/pages/), not the generic
   * shell: e.g. the reset page, whose address carries the nonce.
   */
  readonly ownServerRoute?: boolean;
  /**
   * The API answers the page's first view shows, sent with the page: the server draws them and
   * hands them to the store before hydration (src/firstView/firstAnswers.ts). Signed-in pages, and
   * the reset page (its link's check, from the nonce of its address).
   */
  readonly firstAnswers?: readonly FirstAnswerEndpoint[];
  /**
   * The flows' chunk groups (src/app/flows.ts) of a page whose first view is the answer to a
   * request its flows send, and that no server can send for it (verify_email's verification: a
   * GET must not use up the nonce). Its head preloads them with its first view's chunks, so they
   * download beside the widget instead of after its first view (server/pages/preload.ts).
   */
  readonly flowsOfFirstView?: readonly string[];
}

/**
 * What a page can come with from the server (src/firstView/firstAnswers.ts types each): the answer of a
 * query without an argument, of a request the page load follows (go-green's opt-out), the
 * popups list a signed-in page would ask for with the page's own account (`getPopups`), or the
 * reset page's check of the nonce of its address (`validateNonce`).
 */
export const FIRST_ANSWER_ENDPOINTS = ['getGoGreenStatus', 'goGreenOptOut', 'getPopups', 'validateNonce'] as const;
export type FirstAnswerEndpoint = (typeof FIRST_ANSWER_ENDPOINTS)[number];

export interface CatalogRow {
  /**
   * The webpack chunk group of the widget's entry (its loader's `webpackChunkName`): what a page
   * showing it preloads (server/pages/preload.ts).
   */
  readonly chunkGroup: string;
  /**
   * Its part of the catalog (src/platform/i18n/widgetMessages.ts), which its loader downloads with
   * it (src/widgets/registry.ts; registry.test.ts checks the two agree): a page the server drew
   * preloads it in the page's language.
   */
  readonly messagesNamespace: MessagesNamespace;
  /** The store slices (reducer paths, = action type prefixes) of its feature: QA replay opens the widget a recording is about. */
  readonly slices: readonly string[];
  readonly page?: CatalogPage;
  /** Shown beside another widget on every page that has it (the inactivity warning): a recording is never about it while another widget is in it. */
  readonly companion?: true;
  /**
   * The answers a widget the browser draws shows first, when its page comes with them (the
   * popups on the server's signed-in pages): handed to the store as it mounts (src/widgets/mountWidget.tsx).
   */
  readonly firstAnswers?: readonly FirstAnswerEndpoint[];
}

export const WIDGET_CATALOG = {
  registration: {
    chunkGroup: 'widget-registration',
    messagesNamespace: 'registration',
    slices: ['registration'],
    page: { path: 'register', titleId: 'portal.title.register', signedIn: false },
  },
  'recover-username': {
    chunkGroup: 'widget-recover-username',
    messagesNamespace: 'recoverUsername',
    slices: ['recoverUsername'],
    page: { path: 'recover_username', titleId: 'portal.title.recoverUsername', signedIn: false },
  },
  'request-password-reset': {
    chunkGroup: 'widget-request-password-reset',
    messagesNamespace: 'passwordReset',
    slices: ['requestPasswordReset'],
    page: { path: 'request_password_reset', titleId: 'portal.title.requestPasswordReset', signedIn: false },
  },
  'reset-password': {
    chunkGroup: 'widget-reset-password',
    messagesNamespace: 'passwordReset',
    slices: ['resetPassword'],
    page: { path: 'reset_password/*', titleId: 'portal.title.resetPassword', signedIn: false, ownServerRoute: true, firstAnswers: ['validateNonce'] },
  },
  'verify-email': {
    chunkGroup: 'widget-verify-email',
    messagesNamespace: 'verifyEmail',
    slices: ['verifyEmail'],
    page: { path: 'verify_email', titleId: 'portal.title.verifyEmail', signedIn: false, flowsOfFirstView: ['flows', 'flows-verify-email'] },
  },
  'go-green': {
    chunkGroup: 'widget-go-green',
    messagesNamespace: 'goGreen',
    slices: ['goGreen'],
    page: { path: 'go-green', titleId: 'portal.title.goGreen', signedIn: true, firstAnswers: ['getGoGreenStatus', 'goGreenOptOut'] },
  },
  // Placed by the server's own pages (main/, loanoverview/), not a page of the portal.
  popups: { chunkGroup: 'widget-popups', messagesNamespace: 'popups', slices: ['popups'], firstAnswers: ['getPopups'] },
  login: {
    chunkGroup: 'widget-login',
    messagesNamespace: 'login',
    slices: ['login'],
    page: { path: 'login', titleId: 'portal.title.signIn', signedIn: false },
  },
  profile: {
    chunkGroup: 'widget-profile',
    messagesNamespace: 'profile',
    slices: ['profile'],
    page: { path: 'profile', titleId: 'portal.title.profile', signedIn: true, firstAnswers: ['getGoGreenStatus'] },
  },
  // The inactivity warning: placed by the server beside the widget of every signed-in page
  // (server/routes/pages/), never a page's only widget. So its chunk is not named widget-*:
  // webpack.config.ts puts what *every* widget-* chunk uses into widget-shared, and this tiny
  // widget would empty that set and add ~3 KiB brotli to every page.
  'session-timeout': { chunkGroup: 'session-timeout', messagesNamespace: 'sessionTimeout', slices: ['sessionTimeout'], companion: true },
} as const satisfies Record<string, CatalogRow>;

export type WidgetName = keyof typeof WIDGET_CATALOG;

export const WIDGET_NAMES = Object.keys(WIDGET_CATALOG) as WidgetName[];

/** A page of the portal that is no widget: the QA replay tool (src/pages/qa). */
interface ToolPage extends CatalogPage {
  readonly chunkGroup: string;
  /** Only where QA tools are on (non-production builds and servers, or a config's `qa_tools`). */
  readonly qaOnly: true;
}

const QA_REPLAY_PAGE: ToolPage = {
  path: 'qa/replay',
  titleId: 'portal.title.qaReplay',
  chunkGroup: 'qa-replay',
  signedIn: false,
  qaOnly: true,
};

export interface PortalPageRow extends CatalogPage {
  /** The widget it shows, or none for a tool page. */
  readonly widget: WidgetName | null;
  readonly chunkGroup: string;
  /** The widget's part of the catalog (none for a tool page). */
  readonly messagesNamespace?: MessagesNamespace;
  readonly qaOnly: boolean;
}

/** Every page of the standalone portal, in the catalog's order, the QA tool last. */
export const PORTAL_PAGES: readonly PortalPageRow[] = [
  ...WIDGET_NAMES.flatMap((name): PortalPageRow[] => {
    const row: CatalogRow = WIDGET_CATALOG[name];
    return row.page ? [{ ...row.page, widget: name, chunkGroup: row.chunkGroup, messagesNamespace: row.messagesNamespace, qaOnly: false }] : [];
  }),
  { ...QA_REPLAY_PAGE, widget: null },
];

/**
 * loanmanager-widgets.js, the one webpack entry (webpack.config.ts): the loader
 * (src/widgets/loader.ts) started with every widget a host page can place. The standalone portal
 * is one of them (the server's pages host it), but it is the pages layer, above the widgets: only
 * this file, the top of the import graph, names both (docs/architecture.md).
 */
import { SERVER_RENDERED_ATTRIBUTE } from './platform/serverRender';
import { start } from './widgets/loader';
import { widgetRegistry } from './widgets/registry';
import { withPageMessages } from './widgets/withPageFeature';

start({
  ...widgetRegistry,
  portal: () =>
    withPageMessages(import(/* webpackChunkName: "portal" */ './pages/PortalApp'), 'portal').then((portal) =>
      // a page the server drew hydrates without suspending only if its page is here first (PortalApp.tsx)
      document.querySelector(`[${SERVER_RENDERED_ATTRIBUTE}]`) ? portal.loadFirstPage(window.location.href).then(() => portal) : portal,
    ),
});

/**
 * loanmanager-widgets.js, the one webpack entry (webpack.config.ts): the loader
 * (src/widgets/loader.ts) started with every widget a host page can place. The standalone portal
 * is one of them (the server's pages host it), but it is the pages layer, above the widgets: only
 * this file, the top of the import graph, names both (docs/architecture.md).
 */
import { start } from './widgets/loader';
import { widgetRegistry } from './widgets/registry';
import { withPageMessages } from './widgets/withPageFeature';

start({
  ...widgetRegistry,
  portal: () =>
    withPageMessages(import(/* webpackChunkName: "portal" */ './pages/PortalApp'), 'portal'),
});

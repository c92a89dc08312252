/**
 * The 'session-timeout' widget's entry, loaded by its catalog row's loader (src/widgets/registry.ts)
 * as the row's chunk: its feature, which the loader adds to the page store before the widget
 * renders, and the widget.
 */
export { feature } from './sessionTimeoutWidget.feature';
export { default } from './SessionTimeoutWidget';

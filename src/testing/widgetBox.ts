import { WIDGET_ATTRIBUTE } from '../platform/portalElements';

/** A widget's element on the page, as a host page places it (`data-loanmanager-widget="<name>"`). */
export function widgetBox(name: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute(WIDGET_ATTRIBUTE, name);
  document.body.appendChild(element);
  return element;
}

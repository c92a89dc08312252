import { createContext, useContext } from 'react';

/** Takes a hold on the page's flows and returns its release (the page store's `holdFlows`). */
export type HoldFlows = () => () => void;

/**
 * How a part of a widget's first view that is still arriving on screen (a dialog's opening
 * animation) keeps the page's flows from downloading and starting under it: WidgetShell provides
 * its store's `holdFlows`. Outside a widget (a component tested alone) a hold does nothing.
 */
export const FlowsHoldContext = createContext<HoldFlows>(() => () => undefined);

export function useHoldFlows(): HoldFlows {
  return useContext(FlowsHoldContext);
}

/**
 * The typed React-Redux hooks: the only way components reach the store (raw `useDispatch`,
 * `useSelector` and `useStore` are banned by lint elsewhere). They sit below the features and
 * never name the root state, which src/app assembles from every feature: a selector brings its
 * own state type (a feature's selectors take the part of the state its own slice owns, e.g.
 * `(state: { goGreen: GoGreenState }) => …`), so shared code and features use these hooks
 * without importing src/app (docs/architecture.md, "Typed hooks").
 */
import type { Dispatch, Store, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore, type UseSelector } from 'react-redux';
import type { PortalDependencies } from '../platform/dependencies';

/** Every store of the portal (the full store and a page's store) as a component sees it. */
export interface PortalReduxStore extends Store<unknown> {
  /** The saga context the store was made with (src/platform/dependencies.ts). */
  readonly dependencies: PortalDependencies;
}

/** Components dispatch plain actions (events); sagas do everything else. */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();

/** The state's type comes from the selector: `useAppSelector(selectCurrentPopup)`. */
export const useAppSelector: UseSelector = useSelector;

export const useAppStore = useStore.withTypes<PortalReduxStore>();

/** The page's validated embedding config (read once by the loader). */
export function usePortalConfig() {
  return useAppStore().dependencies.config;
}

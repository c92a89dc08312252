import { lazy, useState, type ComponentType } from 'react';

export interface PreloadableComponent {
  (): React.JSX.Element;
  /** Loads the component's module now; once it has arrived, the component renders it without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy that can be loaded ahead of its first render. A lazy component always suspends on its
 * first render, even when its module is already here; during hydration that suspension leaves the
 * server's HTML waiting, and any update that reaches it before its module arrives makes React
 * hydrate it in one long synchronous pass. Preloaded, it renders the module's component directly:
 * same position in the tree (and so the same `useId`s), no suspension.
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(loadOnce);
  function Preloadable() {
    // chosen once per mount: switching from the lazy wrapper to the loaded component on a later
    // render would be a new element type, and React would mount the page again, losing its state
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Preloadable.preload = () => loadOnce().then(() => undefined);
  return Preloadable;
}

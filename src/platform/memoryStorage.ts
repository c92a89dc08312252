/**
 * A session store in memory: the default where there is no window (node), and the replay's,
 * which must touch nothing of the browser's. No imports of its own: the page store's first
 * load uses it, and it must not pull the saga runtime in with `dependencies.ts`.
 */
import type { PortalDependencies } from './dependencies';

export function memoryStorage(): PortalDependencies['sessionStore'] {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * antd's layout effect, except its first run, which is a passive one: the hook that
 * scripts/antdPassiveEffects.ts puts in place of `useLayoutEffect` in a few antd modules (the
 * `Button`'s loading state, a `Form.Item`'s `extra` height, `Row`'s breakpoints). Each sets
 * state as it mounts, and a state set in a layout effect is rendered at once: in a hydration,
 * React then ran the whole widget's passive effects in the task of its commit too, register's
 * longest after its first layout. Every later run is antd's own, before the paint (the button's
 * loading state still blocks a second click at once, ant-design#51325).
 */
import { useEffect, useLayoutEffect, useRef, type DependencyList, type EffectCallback } from 'react';

export function useLayoutEffectButFirst(effect: EffectCallback, deps?: DependencyList): void {
  const mounted = useRef(false);
  const cleanup = useRef<ReturnType<EffectCallback>>(undefined);
  // a dependency changed: at once, as antd wrote it (skipped at mount, before the passive run)
  useLayoutEffect(() => {
    if (!mounted.current) return;
    cleanup.current?.();
    cleanup.current = effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's dependencies, as useLayoutEffect takes them
  }, deps);
  // the first run: after the commit, in the passive effects' own task
  useEffect(() => {
    mounted.current = true;
    cleanup.current = effect();
    return () => {
      cleanup.current?.();
      cleanup.current = undefined;
      mounted.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount; later runs are the layout effect's
  }, []);
}

/**
 * antd's passive effect, except its first run, which is skipped: in place of `useEffect` in antd's
 * `useDebounce` (scripts/antdPassiveEffects.ts), whose first run sets, 10 ms later, the value its
 * state already holds. Two per `Form.Item` on every page: each a timer, in the task of the
 * hydration's commit when React runs the passive effects there.
 */
export function useEffectButFirst(effect: EffectCallback, deps?: DependencyList): void {
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    return effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's dependencies, as useEffect takes them
  }, deps);
  // a remount (StrictMode's, an Activity's) starts again with the value of its first render
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
}

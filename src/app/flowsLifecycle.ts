/**
 * When a store's flows (RTK Query, redux-saga, each feature's sagas; flows.ts) are installed and each
 * feature's sagas started: one lifecycle for every store (createAppStore.ts). The flows are either at
 * hand (tests, QA recording and replay: installed as the store is made) or downloaded (a page: once its
 * first view is up, `startFlows` from WidgetShell, and no part of it holds them, `holdFlows`: a widget
 * still mounting, a dialog still opening). Every action before a feature's sagas run is kept for them
 * (actionBuffer.ts).
 */
import type { Middleware } from '@reduxjs/toolkit';
import type { PortalDependencies } from '../platform/dependencies';
import type { Feature, FeatureSaga } from '../state/feature';
import { createActionBuffers, type ActionBuffer } from './actionBuffer';
import type * as Flows from './flows';

/** The flows at hand, or how to download them. */
export type FlowsSource = typeof Flows | (() => Promise<typeof Flows>);

/** What the lifecycle gets of the store: the flows install into it (flows.ts). */
interface LifecycleStore extends Flows.FlowsStore {
  dependencies: PortalDependencies;
  /** false: the sagas never run (tests of reducers alone). */
  runSagas: boolean;
}

export interface FlowsLifecycle {
  /** Placed last, right before the reducers. */
  middleware: Middleware[];
  connect(store: LifecycleStore): {
    /** A feature's slices are in the store: start its sagas (once each), now or when the flows are up. */
    featureAdded(feature: Feature): void;
    /** The first view is up: resolves once every feature added so far runs its sagas. */
    startFlows(): Promise<void>;
    /** Keeps the flows from starting until the returned release is called. */
    holdFlows(): () => void;
  };
}

/** The longest a hold keeps the flows waiting (`holdFlows`). */
export const FLOWS_HOLD_MAX_MS = 5000;

export function flowsLifecycle(source: FlowsSource): FlowsLifecycle {
  const buffers = createActionBuffers();
  return {
    middleware: [buffers.middleware],
    connect(store) {
      const { reporter } = store.dependencies;
      let runtime: typeof Flows | null = null;
      let sagaRuntime: Flows.SagaRuntime | null = null;
      let runtimeLoading: Promise<typeof Flows> | null = null;
      const startedSagas = new Set<FeatureSaga>();

      function install(module: typeof Flows): typeof Flows {
        runtime = module;
        module.installApi(store);
        if (store.runSagas) sagaRuntime = module.installSagas(store, store.dependencies);
        return module;
      }
      if (typeof source !== 'function') install(source);

      function loadFlows(): Promise<typeof Flows> {
        if (runtime || typeof source !== 'function') return Promise.resolve(runtime ?? install(source as typeof Flows));
        runtimeLoading ??= source().then(install);
        return runtimeLoading;
      }

      /** Starts a feature's sagas: at once when they and the flows are at hand, else once both have downloaded. */
      function startSagas(feature: Feature, buffer?: ActionBuffer): Promise<void> {
        const start = (sagas: readonly FeatureSaga[]) => {
          const missed = buffer?.close() ?? [];
          const fresh = sagas.filter((saga) => !startedSagas.has(saga));
          for (const saga of fresh) startedSagas.add(saga);
          sagaRuntime?.start(fresh, missed);
        };
        if (runtime && typeof feature.sagas !== 'function') return Promise.resolve(start(feature.sagas));
        const { sagas } = feature;
        // asked for once the flows are evaluated, stage by stage: asked for beside them, the feature's
        // sagas evaluated the flows' packages in the task their files arrived in (bench/RESULTS.md, "Main-thread tasks")
        return loadFlows().then(() => (typeof sagas === 'function' ? sagas() : sagas)).then(
          (loaded) => start(loaded),
          (error: unknown) => {
            buffer?.close();
            reporter.report(error, { flow: 'loadFlows', feature: feature.name });
          },
        );
      }

      const waiting: Array<{ feature: Feature; buffer: ActionBuffer }> = [];
      const starting = new Set<Promise<void>>();
      let flowsWanted = false;
      function track(started: Promise<void>) {
        starting.add(started);
        void started.finally(() => starting.delete(started));
      }

      let holds = 0;
      const resumeOnRelease: Array<() => void> = [];

      /**
       * Keeps the flows from starting until the returned release is called (each release counts
       * once), or at most `FLOWS_HOLD_MAX_MS`: a first view still arriving on screen (a widget being
       * mounted, a dialog's opening animation). Once the flows have started, a hold changes nothing.
       */
      function holdFlows(): () => void {
        if (flowsWanted) return () => undefined;
        holds += 1;
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          clearTimeout(longest);
          holds -= 1;
          if (holds === 0) for (const resume of resumeOnRelease.splice(0)) resume();
        };
        // a first view that never arrives (its widget failed) does not keep the page's flows away for good
        const longest = setTimeout(release, FLOWS_HOLD_MAX_MS);
        return release;
      }

      /**
       * The page's first view is up: the flows download and the features' sagas start (once no hold
       * is left). Idempotent; resolves once every feature added so far runs its sagas (or its
       * download failed, reported).
       */
      function startFlows(): Promise<void> {
        if (!flowsWanted && holds > 0) return new Promise<void>((resume) => resumeOnRelease.push(resume)).then(startFlows);
        if (!flowsWanted) {
          flowsWanted = true;
          track(loadFlows().then(() => undefined, (error: unknown) => reporter.report(error, { flow: 'loadFlows' })));
          for (const { feature, buffer } of waiting.splice(0)) track(startSagas(feature, buffer));
        }
        return Promise.all([...starting]).then(() => undefined);
      }

      /** Until its sagas run, a feature is owed every action from now on. */
      function featureAdded(feature: Feature) {
        const atHand = runtime !== null && typeof feature.sagas !== 'function';
        if (flowsWanted) track(startSagas(feature, atHand ? undefined : buffers.open()));
        else waiting.push({ feature, buffer: buffers.open() });
      }

      return { featureAdded, startFlows, holdFlows };
    },
  };
}

/**
 * A page's flows (RTK Query, redux-saga, each feature's sagas), the seam of its store
 * (src/app/createAppStore.ts): downloaded once the first view is up (`startFlows`, WidgetShell)
 * and no part of it holds them (`holdFlows`: a widget still mounting, a dialog still opening).
 * Every action before a feature's sagas run is kept for them (actionBuffer.ts).
 */
import type { FlowsSeam } from '../app/createAppStore';
import type * as Flows from '../app/flows';
import type { Feature, FeatureSaga } from '../lib/feature';
import { createActionBuffers, type ActionBuffer } from './actionBuffer';

/** The longest a hold keeps the flows waiting (`holdFlows`). */
export const FLOWS_HOLD_MAX_MS = 5000;

export function pageFlows(download: () => Promise<typeof Flows>): FlowsSeam {
  const buffers = createActionBuffers();
  return {
    middleware: [buffers.middleware],
    connect(store) {
      const { reporter } = store.dependencies;
      let runtime: typeof Flows | null = null;
      let sagaRuntime: Flows.SagaRuntime | null = null;
      let runtimeLoading: Promise<typeof Flows> | null = null;
      const startedSagas = new Set<FeatureSaga>();

      function loadFlows(): Promise<typeof Flows> {
        if (runtime) return Promise.resolve(runtime);
        runtimeLoading ??= download().then((module) => {
          runtime = module;
          module.installApi(store);
          if (store.runSagas) sagaRuntime = module.installSagas(store, store.dependencies);
          return module;
        });
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
        // sagas evaluated the flows' packages in the task their files arrived in (bench/RESULTS.md, section 5)
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

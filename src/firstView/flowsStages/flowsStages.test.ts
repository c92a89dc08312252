/**
 * A page's flows are evaluated in three tasks, their packages, the API's definitions, then the
 * runtime, instead of one long task after the first view (bench/RESULTS.md, "Main-thread tasks"); a
 * feature's sagas are asked for only after them, so they do not evaluate the packages early.
 */
import type { FeatureSaga } from '../../state/feature';
import { createPageFeatures, makePageStore } from '../pageStore';

const evaluated: string[] = [];
/** Each stage, as it is evaluated, also asks for a task: it runs before the next stage only if that stage waits for one. */
function stage(name: string, path: string) {
  evaluated.push(name);
  setTimeout(() => evaluated.push(`the task after ${name}`), 0);
  return jest.requireActual(path);
}
jest.mock('./packages', () => stage('packages', './packages'));
jest.mock('./api', () => stage('api', './api'));
jest.mock('../../app/flows', () => stage('runtime', '../../app/flows'));

it("evaluates the packages, the API and the runtime, each in a task of its own, then asks for a feature's sagas", async () => {
  const features = createPageFeatures();
  features.add({
    name: 'late',
    slices: [],
    sagas: () => {
      evaluated.push('the sagas asked for');
      return Promise.resolve<FeatureSaga[]>([]);
    },
  });
  // no test helper that brings the full store (and with it every stage, evaluated at once)
  const store = makePageStore({ features });

  await store.startFlows();

  expect(evaluated.slice(0, 6)).toEqual([
    'packages',
    'the task after packages',
    'api',
    'the task after api',
    'runtime',
    'the sagas asked for',
  ]);
  expect(store.getState()).toHaveProperty('api');
});

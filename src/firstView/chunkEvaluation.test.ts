/**
 * An `import()` evaluates the module it asked for when its chunk loading resolves: that must be a
 * task after the file arrived, not within the task that compiled it.
 */
import { evaluatedInATaskOfTheirOwn } from './chunkEvaluation';

it('resolves a chunk a task after it arrives, not in a microtask of the task it arrived in', async () => {
  const steps: string[] = [];
  let arrive: () => void = () => undefined;
  const load = evaluatedInATaskOfTheirOwn(() => new Promise<void>((resolve) => (arrive = resolve)));

  const evaluated = load('widget-shared-packages').then(() => steps.push('module evaluated'));
  // the task the file arrives in: its script runs, then any task queued meanwhile
  arrive();
  setTimeout(() => steps.push('the next task'), 0);
  await Promise.resolve();
  steps.push('end of the arrival task');
  await evaluated;

  expect(steps).toEqual(['end of the arrival task', 'the next task', 'module evaluated']);
});

it('passes on what the chunk loading resolves with, and its failure', async () => {
  await expect(evaluatedInATaskOfTheirOwn(() => Promise.resolve('loaded'))(1)).resolves.toBe('loaded');
  await expect(evaluatedInATaskOfTheirOwn(() => Promise.reject(new Error('ChunkLoadError')))(1)).rejects.toThrow('ChunkLoadError');
});

import { nextTask } from '../platform/nextTask';

type ChunkLoad = (chunkId: string | number) => Promise<unknown>;

/**
 * webpack's chunk loading, resolved a task after each file arrives instead of at once. An
 * `import()` resolves as its last file arrives, and the module it asked for, with every module
 * that one imports, was evaluated in the task that compiled that file: the compile of the
 * runtime's largest file and the evaluation of React after it were one task of 102-111 ms at 4x
 * CPU on register (bench/RESULTS.md, "Main-thread tasks"). Now the compile and the evaluation are two tasks.
 */
export const evaluatedInATaskOfTheirOwn =
  (load: ChunkLoad): ChunkLoad =>
  (chunkId) =>
    load(chunkId).then(async (value) => {
      await nextTask();
      return value;
    });

import type { Compiler, WebpackPluginInstance } from 'webpack';

/** V8's explicit compile hint (Chrome 136+; other engines read a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Every chunk starts with V8's compile hint: compile all its functions as the file downloads,
 * on a background thread, instead of on the main thread at each function's first call. A chunk
 * is loaded only when its code is about to run (the runtime, a widget, its flows), so most of its
 * functions are called during the load anyway: measured on register at 4x CPU, the blocking time
 * of the load roughly halved (bench/RESULTS.md, "Main-thread tasks"). The loader is left as it is: tiny,
 * and the one file a host page includes.
 */
export function compileHints(): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
        compilation.hooks.processAssets.tap(
          // after minification (which drops comments), before the source maps and the compressed copies
          { name: 'CompileHints', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 },
          () => {
            for (const chunk of compilation.chunks) {
              if (chunk.canBeInitial()) continue;
              for (const file of chunk.files) {
                if (!file.endsWith('.js')) continue;
                compilation.updateAsset(file, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
              }
            }
          },
        );
      });
    },
  };
}

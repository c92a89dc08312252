import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import webpack from 'webpack';
import { CHUNK_MANIFEST, messagesChunkGroup } from './server/pages/preload';
import { antdCssInjection, antdCssRule } from './scripts/antdCss/antdCssWebpack';
import { compileHints } from './scripts/compileHints';
import type { Chunk, ChunkGraph, Compiler, Configuration, Module, RuleSetRule, RuleSetUseItem, WebpackPluginInstance } from 'webpack';

type SplitChunksOptions = Exclude<NonNullable<Configuration['optimization']>['splitChunks'], false | undefined>;

/** Build options (`webpack --env precompress=false`); the byte benchmarks measure uncompressed output. */
export interface BuildEnv {
  precompress?: boolean | string;
}

/**
 * Every script also as .br and .gz next to it, made once at build time at the highest levels
 * (the server sends them as they are: no compression per request).
 */
function precompressed() {
  const common = { test: /\.(js|css)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
    new CompressionPlugin<zlib.BrotliOptions>({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

const RUNTIME_CHUNK = 'widget-runtime';

/** A part of the catalog (src/platform/i18n/widgetMessages.ts): `locales/<locale>.json?ns=<namespace>&part`. */
const CATALOG_PART = /[\\/]locales[\\/]([\w-]+)\.json\?ns=(\w+)&part$/;

/**
 * `chunk-manifest.json`: { "widget-runtime": ["widget-shared-packages.….js", …], "widget-go-green": […],
 * "catalog:en:goGreen": ["<id>.….js"] }.
 * A page served by the reference server preloads its runtime's and widget's files from the
 * head, instead of the browser finding them one round trip after another (loader → runtime →
 * widget) on a slow phone connection.
 */
function chunkManifest(): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('ChunkManifest', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'ChunkManifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const groups: Record<string, string[]> = {};
            for (const [name, group] of compilation.namedChunkGroups) {
              groups[name] = group.getFiles().filter((file) => file.endsWith('.js') || file.endsWith('.css'));
            }
            // each part of the catalog in each language (unnamed chunks: the loader keeps every chunk name)
            for (const chunk of compilation.chunks) {
              for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                const part = 'resource' in module ? CATALOG_PART.exec(String(module.resource)) : null;
                if (part) groups[messagesChunkGroup(part[1] ?? '', part[2] ?? '')] = [...chunk.files].filter((file) => file.endsWith('.js'));
              }
            }
            const json = JSON.stringify(groups, null, 1);
            compilation.emitAsset(CHUNK_MANIFEST, new compiler.webpack.sources.RawSource(json));
          },
        );
      });
    },
  };
}

/**
 * How the chunks are split (issue 8: each page's first load against its floor). A page loads
 * the loader, the widget runtime and one widget (plus the portal on its routes), and each file
 * is compressed alone, so every extra file costs ratio (measured: bench/proposals.ts):
 * - `widget-shared-packages` + `widget-shared`: everything the runtime needs (React, antd's
 *   shell, the store) and whatever every widget needs: the packages in one file, our own code in
 *   the other (a deploy leaves the packages cached; the second file costs no measurable ratio).
 *   Every page loads both, and no page gets code it does not run: each has the runtime and a widget.
 * - the rest is split only where more than 120 kB is shared (antd's form components, shared by
 *   the form widgets): a second form page in the portal finds it cached; smaller shared parts,
 *   and each widget's own packages, stay in each widget's chunk.
 * - what a widget shares with the QA tools (the recorder's full store, the replay page) is not
 *   split out, so no page loads an extra file for a QA tool's sake.
 */
function chunkSplitting(): { splitChunks: SplitChunksOptions; plugin: WebpackPluginInstance } {
  // the widget chunks (widget-NAME, one per registry entry), read before the chunks are split
  let widgetChunks: string[] = [];
  const plugin: WebpackPluginInstance = {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('WidgetChunks', (compilation) => {
        compilation.hooks.optimizeChunks.tap({ name: 'WidgetChunks', stage: -100 }, (chunks) => {
          widgetChunks = [...chunks]
            .map((chunk) => chunk.name ?? '')
            .filter((name) => name.startsWith('widget-') && name !== RUNTIME_CHUNK);
        });
      });
    },
  };
  const isPackage = (module: Module) => /[\\/]node_modules[\\/]/.test(module.nameForCondition() ?? '');
  const isShared = (module: Module, { chunkGraph }: { chunkGraph: ChunkGraph }) => {
    const names = new Set([...chunkGraph.getModuleChunksIterable(module)].map((chunk) => chunk.name));
    return names.has(RUNTIME_CHUNK) || (widgetChunks.length > 0 && widgetChunks.every((name) => names.has(name)));
  };
  const splitChunks: SplitChunksOptions = {
    // on-demand chunks only ('async'), and not the QA tools'
    chunks: (chunk: Chunk) => !chunk.canBeInitial() && !(chunk.name ?? '').startsWith('qa-'),
    // shared by two widgets at least: a part of one widget alone stays in its chunk (one file less)
    minChunks: 2,
    minSize: 120_000,
    cacheGroups: {
      sharedPackages: {
        name: 'widget-shared-packages',
        chunks: 'async',
        enforce: true,
        priority: 101,
        test: (module: Module, context: { chunkGraph: ChunkGraph }) => isPackage(module) && isShared(module, context),
      },
      shared: { name: 'widget-shared', chunks: 'async', enforce: true, priority: 100, test: isShared },
      // what the flows downloaded after a first view share (RTK Query, redux-saga): one file
      flowsShared: {
        name: 'flows-shared',
        chunks: (chunk: Chunk) => (chunk.name ?? '').startsWith('flows'),
        minChunks: 2,
        enforce: true,
        priority: 90,
      },
    },
  };
  return { splitChunks, plugin };
}

type Argv = { mode?: Configuration['mode'] };

/** Our TypeScript and JSX, for the browser (es2020) or for Node (the server render). */
const swcLoader = ({ production, target }: { production: boolean; target: string }): RuleSetUseItem => ({
  loader: 'swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production } },
      target,
    },
  },
});

/** A language's catalog, one part of the portal at a time (src/platform/i18n/widgetMessages.ts). */
const CATALOG_RULE: RuleSetRule = {
  test: /[\\/]src[\\/]platform[\\/]i18n[\\/]locales[\\/][\w-]+\.json$/,
  resourceQuery: /^\?ns=/,
  type: 'javascript/auto',
  use: [{ loader: require.resolve('./scripts/i18n/messagesLoader') }],
};

/** antd's mount-time layout effects run first as passive ones: out of the hydration's commit (scripts/antdPassiveEffects.ts). */
const ANTD_PASSIVE_EFFECT_RULES: RuleSetRule[] = [
  { test: /[\\/]antd[\\/]es[\\/]form[\\/]FormItemInput\.js$/ },
  { test: /[\\/]antd[\\/]es[\\/]button[\\/]Button\.js$/ },
  { test: /[\\/]antd[\\/]es[\\/]form[\\/]hooks[\\/]useDebounce\.js$/ },
  // Row's import only: Descriptions, Table and the others keep their breakpoints before the paint
  { test: /[\\/]antd[\\/]es[\\/]grid[\\/]hooks[\\/]useBreakpoint\.js$/, issuer: /[\\/]antd[\\/]es[\\/]grid[\\/]row\.js$/ },
].map((rule) => ({ ...rule, use: [{ loader: require.resolve('./scripts/antdPassiveEffects') }] }));

/** Where the reference server serves the build (server/pages/preload.ts STATIC_PREFIX). */
const REFERENCE_STATIC_URL = '/loanmanager/static/';

/**
 * One entry: the stable loader `static/loanmanager-widgets.js` (no hash, so host pages can
 * include it forever). Everything else is a hashed chunk loaded on demand from `static_url`.
 */
export const browserConfig = (env: BuildEnv, argv: Argv): Configuration => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  const nodeEnv = production ? 'production' : 'development';
  const precompress = production && env.precompress !== false && env.precompress !== 'false';
  const { splitChunks, plugin: widgetChunks } = chunkSplitting();
  return {
    mode,
    target: ['web', 'es2020'],
    // antd's component styles as CSS files, loaded with the chunks that use them (scripts/antdCss)
    experiments: { css: true },
    entry: { 'loanmanager-widgets': './src/main.ts' },
    output: {
      path: path.resolve(__dirname, 'dist/static'),
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      // Images a component imports (the go-green leaf): hashed, under the same public path as the chunks.
      assetModuleFilename: 'images/[name].[contenthash:10][ext]',
      publicPath: 'auto',
      // Two webpack runtimes on one host page must not share a chunk-loading global.
      uniqueName: 'loanmanager',
      clean: true,
    },
    // Production: hidden source maps (no sourceMappingURL comment), written for error reporting
    // only; the reference server does not serve them in production. No eval in development
    // either: the reference server's CSP (script-src 'self') refuses it.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: [
            swcLoader({ production, target: 'es2020' }),
            // first: the antd styles a module renders, as CSS imports (the widgets run antd without runtime styles)
            antdCssInjection(nodeEnv),
          ],
        },
        antdCssRule(nodeEnv),
        ...ANTD_PASSIVE_EFFECT_RULES,
        CATALOG_RULE,
        { test: /\.(png|svg|jpe?g)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      splitChunks,
      // stable ids keep the chunks of unchanged code cached across deploys
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // the shortest export names: ≈1.5 KiB gzip less per page than 'deterministic' (bench/proposals.ts)
      mangleExports: production ? 'size' : false,
    },
    plugins: [widgetChunks, chunkManifest(), compileHints(), ...(precompress ? precompressed() : [])],
    performance: { hints: false },
    // Each module imports the antd styles it needs in one global order (scripts/antdCss), but
    // webpack still sees two files' imports interleave. antd's rules do not depend on the order
    // between components (each is scoped by its component's class and the hash class).
    ignoreWarnings: [(warning) => /Conflicting order between css .*antd-style\.css\?style=/.test(warning.message)],
    stats: { preset: 'errors-warnings', assets: true, chunkGroups: false },
  };
};

/**
 * The server render (issue 18): `dist/ssr/render.js`, the reference server's first view of a
 * portal page (src/ssrEntry.tsx), from the same sources and catalogs as the browser build.
 * One file for Node: no CSS (the page links the browser build's), no chunks, and images named
 * as the browser build names them, under the reference server's static path.
 */
export const serverRenderConfig = (_env: BuildEnv, argv: Argv): Configuration => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  return {
    mode,
    name: 'server-render',
    target: 'node20',
    entry: { render: './src/ssrEntry.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/ssr'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      assetModuleFilename: 'images/[name].[contenthash:10][ext]',
      publicPath: REFERENCE_STATIC_URL,
      clean: true,
    },
    devtool: false,
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: [swcLoader({ production, target: 'es2022' })] },
        CATALOG_RULE,
        { test: /\.(png|svg|jpe?g)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false, moduleIds: 'deterministic' },
    performance: { hints: false },
    stats: { preset: 'errors-warnings' },
  };
};

/** `webpack` builds both: the browser's files (dist/static) and the server render (dist/ssr). */
export default (env: BuildEnv, argv: Argv): Configuration[] => [browserConfig(env, argv), serverRenderConfig(env, argv)];

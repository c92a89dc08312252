import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import type { Configuration } from 'webpack';

/** Build options (`webpack --env precompress=false`); the byte benchmarks measure uncompressed output. */
export interface BuildEnv {
  precompress?: boolean | string;
}

/**
 * Every script also as .br and .gz next to it, made once at build time at the highest levels
 * (the server sends them as they are: no compression per request).
 */
function precompressed() {
  const common = { test: /\.js$/, threshold: 1024, minRatio: 0.9 };
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

/**
 * One entry: the stable loader `static/loanmanager-widgets.js` (no hash, so host pages can
 * include it forever). Everything else is a hashed chunk loaded on demand from `static_url`.
 */
export default (env: BuildEnv, argv: { mode?: Configuration['mode'] }): Configuration => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  const precompress = production && env.precompress !== false && env.precompress !== 'false';
  return {
    mode,
    target: ['web', 'es2020'],
    entry: { 'loanmanager-widgets': './src/widgets/loader.ts' },
    output: {
      path: path.resolve(__dirname, 'dist/static'),
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      publicPath: 'auto',
      // Two webpack runtimes on one host page must not share a chunk-loading global.
      uniqueName: 'loanmanager',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.(png|svg|jpe?g)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      splitChunks: { chunks: 'async', minSize: 10_000 },
      // stable ids keep the chunks of unchanged code cached across deploys
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    plugins: precompress ? precompressed() : [],
    performance: { hints: false },
    stats: { preset: 'errors-warnings', assets: true, chunkGroups: false },
  };
};

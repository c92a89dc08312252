import path from 'node:path';
import type { Configuration } from 'webpack';

/**
 * One entry: the stable loader `static/loanmanager-widgets.js` (no hash, so host pages can
 * include it forever). Everything else is a hashed chunk loaded on demand from `static_url`.
 */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
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
    performance: { hints: false },
    stats: { preset: 'errors-warnings', assets: true, chunkGroups: false },
  };
};

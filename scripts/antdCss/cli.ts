/**
 * `tsx scripts/antdCss/cli.ts`: the antd styles of renderAntdStyles.ts as JSON on stdout. Started
 * by the build (antdCssWebpack.ts) with the build's NODE_ENV, in a process of its own.
 */
import { renderAntdStyles } from './renderAntdStyles';

process.stdout.write(JSON.stringify(renderAntdStyles()));

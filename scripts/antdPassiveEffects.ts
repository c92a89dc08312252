/**
 * A webpack loader for three antd modules whose layout effect sets state as they mount: every
 * `Row` (one in each `Form.Item`) subscribes to the screen's breakpoints and re-renders, a
 * `Form.Item` with `extra` (our hints) measures it, and a `Button` sets its loading state. A
 * state set in a layout effect is rendered at once: in a hydration, React re-rendered them and ran
 * the whole widget's passive effects in the task of its commit, one of register's longest after its first
 * layout (8–25 ms unthrottled on this machine, ×8 in Lighthouse at 8x; bench/RESULTS.md "Main-thread tasks"). Their effect
 * becomes `useLayoutEffectButFirst` (src/platform/antdMountEffect.ts): the first run after the
 * commit, as a passive effect; later runs antd's own. Nothing drawn depends on the first run: it
 * sets the button's loading state to what it already is (or starts its delay), the measured
 * height is a minimum height used only while an error shows, and a `Row` without responsive props
 * (ours have none) draws the same at every width; only `Row`'s import of the breakpoints hook is
 * changed, not `Descriptions`' or `Table`'s. And `useDebounce` (two in each `Form.Item`) skips its
 * effect's first run (`useEffectButFirst`), a timer that set, 10 ms later, the value its state held.
 */
import path from 'node:path';
import type { LoaderContext } from 'webpack';

export const LAYOUT_EFFECT_CALL = 'useLayoutEffect(() => {';
/** antd's form/hooks/useDebounce.js: its effect's first run sets what its state already holds */
export const DEBOUNCE_EFFECT_CALL = 'React.useEffect(() => {';
export const HOOK_MODULE = path.resolve(__dirname, '../src/platform/antdMountEffect.ts');

export default function antdPassiveEffects(this: Pick<LoaderContext<unknown>, 'resourcePath'>, source: string): string {
  const debounce = /[\\/]form[\\/]hooks[\\/]useDebounce\.js$/.test(this.resourcePath);
  const [call, hook] = debounce ? [DEBOUNCE_EFFECT_CALL, 'useEffectButFirst'] : [LAYOUT_EFFECT_CALL, 'useLayoutEffectButFirst'];
  const local = `__antd_${hook}`;
  const calls = source.split(call).length - 1;
  // an antd upgrade that changes these modules fails the build here rather than changing nothing
  if (calls !== 1) throw new Error(`${this.resourcePath}: expected one "${call}", found ${calls} (scripts/antdPassiveEffects.ts)`);
  const changed = source.replace(call, `${local}(() => {`);
  // after antd's "use client" directive, which must stay the module's first statement
  const directive = /^\s*(['"])use client\1;?\n?/.exec(changed)?.[0] ?? '';
  return `${directive}import { ${hook} as ${local} } from ${JSON.stringify(HOOK_MODULE)};\n${changed.slice(directive.length)}`;
}

/**
 * A webpack loader for three antd modules whose layout effect sets state as they mount: every
 * `Row` (one in each `Form.Item`) subscribes to the screen's breakpoints and re-renders, a
 * `Form.Item` with `extra` (our hints) measures it, and a `Button` sets its loading state. A
 * state set in a layout effect is rendered at once: in a hydration, React re-rendered them and ran
 * the whole widget's passive effects in the task of its commit, register's longest after its first
 * layout (20–24 ms on this machine, ×8 in Lighthouse's 8x; bench/drafts/h-reg.md). Their effect
 * becomes `useLayoutEffectButFirst` (src/platform/antdMountEffect.ts): the first run after the
 * commit, as a passive effect; later runs antd's own. Nothing drawn depends on the first run: it
 * sets the button's loading state to what it already is (or starts its delay), the measured
 * height is a minimum height used only while an error shows, and a `Row` without responsive props
 * (ours have none) draws the same at every width; only `Row`'s import of the breakpoints hook is
 * changed, not `Descriptions`' or `Table`'s.
 */
import path from 'node:path';
import type { LoaderContext } from 'webpack';

export const LAYOUT_EFFECT_CALL = 'useLayoutEffect(() => {';
export const HOOK_MODULE = path.resolve(__dirname, '../src/platform/antdMountEffect.ts');
const HOOK = '__antdLayoutEffectButFirst';

export default function antdPassiveEffects(this: Pick<LoaderContext<unknown>, 'resourcePath'>, source: string): string {
  const calls = source.split(LAYOUT_EFFECT_CALL).length - 1;
  // an antd upgrade that changes these modules fails the build here rather than changing nothing
  if (calls !== 1) throw new Error(`${this.resourcePath}: expected one "${LAYOUT_EFFECT_CALL}", found ${calls} (scripts/antdPassiveEffects.ts)`);
  const changed = source.replace(LAYOUT_EFFECT_CALL, `${HOOK}(() => {`);
  // after antd's "use client" directive, which must stay the module's first statement
  const directive = /^\s*(['"])use client\1;?\n?/.exec(changed)?.[0] ?? '';
  return `${directive}import { useLayoutEffectButFirst as ${HOOK} } from ${JSON.stringify(HOOK_MODULE)};\n${changed.slice(directive.length)}`;
}

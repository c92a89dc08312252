import fs from 'node:fs';
import antdPassiveEffects, { DEBOUNCE_EFFECT_CALL, HOOK_MODULE, LAYOUT_EFFECT_CALL } from './antdPassiveEffects';

const antdModule = (file: string) => require.resolve(`antd/es/${file}`);
const transform = (resourcePath: string, source = fs.readFileSync(resourcePath, 'utf8')) => antdPassiveEffects.call({ resourcePath }, source);

describe("antd's mount-time layout effects run first as passive ones (out of a hydration's commit)", () => {
  it.each(['form/FormItemInput.js', 'grid/hooks/useBreakpoint.js', 'button/Button.js'])('%s: its one layout effect', (file) => {
    const source = fs.readFileSync(antdModule(file), 'utf8');
    // the installed antd still has the one call this loader rewrites
    expect(source.split(LAYOUT_EFFECT_CALL)).toHaveLength(2);
    const output = transform(antdModule(file), source);
    expect(output).not.toContain(LAYOUT_EFFECT_CALL);
    expect(output).toContain(`import { useLayoutEffectButFirst as __antd_useLayoutEffectButFirst } from ${JSON.stringify(HOOK_MODULE)};`);
    expect(output).toContain('__antd_useLayoutEffectButFirst(() => {');
    expect(fs.existsSync(HOOK_MODULE)).toBe(true);
    // antd's "use client" stays the first statement
    if (source.startsWith('"use client"')) expect(output.startsWith('"use client"')).toBe(true);
  });

  it("form/hooks/useDebounce.js: its one effect skips its first run", () => {
    const file = antdModule('form/hooks/useDebounce.js');
    const source = fs.readFileSync(file, 'utf8');
    expect(source.split(DEBOUNCE_EFFECT_CALL)).toHaveLength(2);
    // its state starts as the value its first run would set again
    expect(source).toContain('useDelayState(value)');
    const output = transform(file, source);
    expect(output).not.toContain(DEBOUNCE_EFFECT_CALL);
    expect(output).toContain(`import { useEffectButFirst as __antd_useEffectButFirst } from ${JSON.stringify(HOOK_MODULE)};`);
    expect(output).toContain('__antd_useEffectButFirst(() => {');
  });

  it('fails the build when antd no longer has exactly one such call', () => {
    expect(() => transform('antd/es/some.js', 'export const x = 1;')).toThrow(/expected one/);
    expect(() => transform('antd/es/some.js', `${LAYOUT_EFFECT_CALL}});\n${LAYOUT_EFFECT_CALL}});`)).toThrow(/found 2/);
  });
});

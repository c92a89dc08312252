import { compare, isPortalDifference } from './compareLayouts';

const box = (role: string, name: string, x: number, y: number, width = 100, height = 40) => ({ role, name, x, y, width, height });

describe('compareLayouts', () => {
  it('flags boxes moved or resized beyond the tolerance, and boxes found in one engine only', () => {
    const chromium = [box('heading', 'Sign in', 24, 20), box('field', 'Username', 24, 80), box('button', 'Sign in', 24, 200), box('button', 'Show', 300, 140)];
    const webkit = [box('heading', 'Sign in', 26, 23), box('field', 'Username', 24, 90), box('button', 'Sign in', 24, 200, 100, 52), box('button', 'Español', 0, 0)];
    const found = compare('webkit-en-1280', 'login', chromium, webkit, 4);
    expect(found.map((difference) => [difference.role, difference.name, difference.kind])).toEqual([
      ['field', 'Username', 'moved'],
      ['button', 'Sign in', 'resized'],
      ['button', 'Show', 'only in chromium'],
      ['button', 'Español', 'only in this engine'],
    ]);
  });

  it('matches repeated names in order, so a second button of the same name is compared with the second', () => {
    const chromium = [box('button', 'Next', 0, 0), box('button', 'Next', 0, 100)];
    expect(compare('r', 's', chromium, [box('button', 'Next', 0, 0), box('button', 'Next', 0, 101)], 4)).toEqual([]);
    expect(compare('r', 's', chromium, [box('button', 'Next', 0, 0), box('button', 'Next', 0, 120)], 4)).toHaveLength(1);
  });
});

describe('isPortalDifference', () => {
  it("holds the portal's elements and lets the fixture host page's own heading and button differ", () => {
    const difference = (role: string, name: string) => ({ run: 'firefox-en-1280', state: 'embedded', role, name, kind: 'resized' as const });
    expect(isPortalDifference(difference('button', 'Host button'))).toBe(false);
    expect(isPortalDifference(difference('heading', 'Member services'))).toBe(false);
    expect(isPortalDifference(difference('button', 'Send reset link'))).toBe(true);
    expect(isPortalDifference(difference('heading', 'Host button'))).toBe(true);
  });
});

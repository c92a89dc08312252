import { pageFeatures } from '../firstView/pageStore';

// Loads the portal's chunk (React, antd, the router's first page): slow on a busy machine.

describe("the portal's chunk (the `portal` widget, src/main.ts)", () => {
  it('the portal itself adds no feature (its routes do, as they load)', async () => {
    const before = pageFeatures.list().length;
    await import('./PortalApp');
    expect(pageFeatures.list()).toHaveLength(before);
  });
});

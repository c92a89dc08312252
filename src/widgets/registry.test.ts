import { pageFeatures } from '../app/pageStore';
import { widgetRegistry } from './registry';

// Loads every widget's chunk (React, antd, each feature): slow on a busy machine.
jest.setTimeout(30_000);

const WIDGETS = Object.keys(widgetRegistry).filter((name) => name !== 'portal');

describe('the widget registry', () => {
  it('the portal itself adds no feature (its routes do, as they load)', async () => {
    const before = pageFeatures.list().length;
    await widgetRegistry.portal?.();
    expect(pageFeatures.list()).toHaveLength(before);
  });

  it("each widget's chunk adds its own feature to the page, and only its own", async () => {
    for (const name of WIDGETS) {
      const before = pageFeatures.list();
      const widget = await widgetRegistry[name]?.();
      expect(typeof widget?.default).toBe('function');
      const added = pageFeatures.list().filter((feature) => !before.includes(feature));
      expect({ name, added: added.map((feature) => feature.name) }).toEqual({ name, added: [name] });
    }
  });
});

import { pageFeatures } from '../app/pageStore';
import { widgetRegistry } from './registry';

// Loads every widget's chunk (React, antd, each feature): slow on a busy machine.
jest.setTimeout(30_000);

const WIDGETS = Object.keys(widgetRegistry);

describe('the widget registry', () => {
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

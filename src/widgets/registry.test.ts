import fs from 'node:fs';
import path from 'node:path';
import { pageFeatures } from '../firstView/pageStore';
import { WIDGET_CATALOG, WIDGET_NAMES } from '../platform/widgetCatalog';
import { widgetRegistry } from './registry';

// Loads every widget's chunk (React, antd, each feature): slow on a busy machine.

describe('the widget registry', () => {
  it('has one loader per catalog row, and no other', () => {
    expect(Object.keys(widgetRegistry).sort()).toEqual([...WIDGET_NAMES].sort());
  });

  it("names each widget's chunk after its catalog row's chunk group (what the server preloads)", () => {
    const source = fs.readFileSync(path.join(__dirname, 'registry.ts'), 'utf8');
    for (const name of WIDGET_NAMES) {
      const loader = new RegExp(
        `['"]?${name}['"]?: \\(\\) =>\\s*withPageFeature\\(\\s*import\\(/\\* webpackChunkName: "([^"]+)" \\*/ '\\.\\./features/\\w+/\\w+Widget\\.entry'\\),\\s*'(\\w+)'\\)`,
      );
      const found = loader.exec(source);
      // ...and its part of the catalog after the row's (which a page the server drew preloads)
      expect({ name, chunk: found?.[1], namespace: found?.[2] }).toEqual({
        name,
        chunk: WIDGET_CATALOG[name].chunkGroup,
        namespace: WIDGET_CATALOG[name].messagesNamespace,
      });
    }
  });

  it("each widget's chunk adds its own feature to the page, and only its own", async () => {
    for (const name of WIDGET_NAMES) {
      const before = pageFeatures.list();
      const widget = await widgetRegistry[name]();
      expect(typeof widget.default).toBe('function');
      const added = pageFeatures.list().filter((feature) => !before.includes(feature));
      expect({ name, added: added.map((feature) => feature.name) }).toEqual({ name, added: [name] });
    }
  });
});

import { WIDGET_CATALOG, WIDGET_NAMES } from '../platform/widgetCatalog';
import { FEATURE_OF_WIDGET } from './featureOfWidget';

describe("the full store's features and the widget catalog", () => {
  it.each(WIDGET_NAMES)("%s: the feature is the widget's, and its slices are the catalog row's (QA replay opens widgets by them)", (name) => {
    const feature = FEATURE_OF_WIDGET[name];
    expect(feature.name).toBe(name);
    // the API cache is the store's, not the widget's: a feature that reads it brings it, but its actions are no widget's
    const own = feature.slices.map((slice) => slice.reducerPath).filter((path) => path !== 'api');
    expect(own).toEqual(WIDGET_CATALOG[name].slices);
  });
});

import type { Recording } from '../../app/recorder/recordingFormat';
import { WIDGET_CATALOG, WIDGET_NAMES, type WidgetName } from '../../platform/widgetCatalog';

/** Which widget shows which slice (the catalog's rows): the replay page opens the one the recording is about. */
const WIDGET_OF_SLICE: ReadonlyMap<string, WidgetName> = new Map(
  WIDGET_NAMES.flatMap((name) => WIDGET_CATALOG[name].slices.map((slice) => [slice, name] as const)),
);

/** Every widget the replay page can render: the catalog's (the portal is none of them). */
export const REPLAYABLE_WIDGETS: readonly WidgetName[] = WIDGET_NAMES;

/**
 * The widget of the first slice the recording's actions belong to, passing over a companion (the
 * inactivity warning, which mounts first on every signed-in page) when another widget is in it;
 * else the first widget.
 */
export function widgetForRecording(recording: Recording): WidgetName {
  const widgets = recording.actions.flatMap((entry) => {
    const widget = WIDGET_OF_SLICE.get(entry.action.type.split('/')[0] ?? '');
    return widget ? [widget] : [];
  });
  const isCompanion = (name: WidgetName) => 'companion' in WIDGET_CATALOG[name];
  return widgets.find((name) => !isCompanion(name)) ?? widgets[0] ?? REPLAYABLE_WIDGETS[0] ?? 'registration';
}

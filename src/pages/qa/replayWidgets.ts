import type { Recording } from '../../app/recorder/recordingFormat';
import { widgetRegistry } from '../../widgets/registry';

/** Which widget shows which slice: the replay page opens the one the recording is about. */
const WIDGET_OF_SLICE: Readonly<Record<string, string>> = {
  registration: 'registration',
  recoverUsername: 'recover-username',
  requestPasswordReset: 'request-password-reset',
  resetPassword: 'reset-password',
  verifyEmail: 'verify-email',
  goGreen: 'go-green',
  popups: 'popups',
  login: 'login',
  profile: 'profile',
};

/** Every widget the replay page can render (the registry holds no portal: src/main.ts adds it). */
export const REPLAYABLE_WIDGETS = Object.keys(widgetRegistry);

/** The widget of the first slice the recording's actions belong to, else the first widget. */
export function widgetForRecording(recording: Recording): string {
  for (const entry of recording.actions) {
    const widget = WIDGET_OF_SLICE[entry.action.type.split('/')[0] ?? ''];
    if (widget) return widget;
  }
  return REPLAYABLE_WIDGETS[0] ?? 'registration';
}

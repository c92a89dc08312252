import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION, type Recording } from '../../app/recorder/recordingFormat';
import { widgetForRecording } from './replayWidgets';

function recordingOf(...types: string[]): Recording {
  return {
    format: RECORDING_FORMAT,
    formatVersion: RECORDING_FORMAT_VERSION,
    appVersion: '0.1.0',
    startedAt: '2026-11-26T00:00:00.000Z',
    savedAt: '2026-11-26T00:00:10.000Z',
    page: '/loanmanager/go-green/',
    firstStep: 0,
    initialState: {},
    actions: types.map((type, index) => ({ at: index * 100, action: { type }, changed: [] })),
  };
}

describe('the widget a recording is about', () => {
  it('is the widget of the first slice its actions belong to', () => {
    expect(widgetForRecording(recordingOf('api/executeQuery/pending', 'goGreen/widgetMounted', 'popups/widgetMounted'))).toBe('go-green');
  });

  // the inactivity warning mounts first on every signed-in page: a go-green session is about go-green
  it('passes over the inactivity warning when another widget is in the recording', () => {
    expect(widgetForRecording(recordingOf('sessionTimeout/widgetMounted', 'sessionTimeout/endMoved', 'goGreen/widgetMounted'))).toBe(
      'go-green',
    );
  });

  it('is the inactivity warning when nothing else was recorded', () => {
    expect(widgetForRecording(recordingOf('sessionTimeout/widgetMounted', 'sessionTimeout/warningShown'))).toBe('session-timeout');
  });

  it('is the first widget when no action belongs to one', () => {
    expect(widgetForRecording(recordingOf('api/executeQuery/pending'))).toBe('registration');
  });
});

/**
 * How QA reaches a recording: the download (a file QA can mail), a keyboard shortcut and
 * `window.loanmanagerRecorder` (used by the e2e suite too).
 */
import type { ActionRecorder } from './actionRecorder';
import type { Recording } from './recordingFormat';

/**
 * Alt+Shift+D (Option+Shift+D on a Mac). Screen readers use Insert/CapsLock (NVDA, JAWS,
 * Narrator) or Control+Option (VoiceOver) as their modifier, so Alt+Shift is free of them;
 * the usual picks are taken by browsers (Ctrl+Alt+R is Firefox's Reader View, Ctrl+Shift+S
 * its screenshot tool).
 */
export const DOWNLOAD_SHORTCUT = { label: 'Alt+Shift+D', ariaKeyShortcuts: 'Alt+Shift+D', code: 'KeyD' } as const;

export interface RecorderGlobal {
  /** Saves the recording as a file; returns its name. */
  download(): string;
  recording(): Recording;
  /** The live store state, redacted as a recording holds it. */
  state(): unknown;
  size(): number;
}

declare global {
  interface Window {
    loanmanagerRecorder?: RecorderGlobal;
  }
}

export { shouldRecord } from './shouldRecord';

const pad = (n: number) => String(n).padStart(2, '0');

function recordingFileName(date: Date = new Date()): string {
  const stamp = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `loanmanager-${stamp}.recording.json`;
}

/** Hands the recording to the browser as a file download. */
function downloadRecording(recording: Recording, doc: Document = document): string {
  const name = recordingFileName();
  const blob = new Blob([JSON.stringify(recording, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

function isDownloadShortcut(event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>) {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === DOWNLOAD_SHORTCUT.code;
}

/** Installs the global and the shortcut; `remove()` takes both away. */
export function installRecorderControls(recorder: ActionRecorder, win: Window = window): RecorderGlobal & { remove(): void } {
  const controls: RecorderGlobal = {
    download: () => downloadRecording(recorder.toRecording(), win.document),
    recording: () => recorder.toRecording(),
    state: () => recorder.state(),
    size: () => recorder.size(),
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isDownloadShortcut(event) || event.repeat) return;
    event.preventDefault();
    controls.download();
  };
  win.loanmanagerRecorder = controls;
  win.document.addEventListener('keydown', onKeyDown);
  return {
    ...controls,
    remove() {
      win.document.removeEventListener('keydown', onKeyDown);
      if (win.loanmanagerRecorder === controls) delete win.loanmanagerRecorder;
    },
  };
}

import { fireEvent, screen } from '@testing-library/react';
import { createActionRecorder } from '../../app/recorder/actionRecorder';
import { installRecorderControls, shouldRecord } from '../../app/recorder/recorderControls';
import { rootReducer } from '../../app/rootReducer';
import { makeStore } from '../../app/fullStore';
import { renderWithProviders } from '../../testing/renderWithProviders';
import RecorderToolbar from './RecorderToolbar';

function recordingPage() {
  const recorder = createActionRecorder({ reducer: rootReducer });
  const store = makeStore({ runSagas: false, reducerSideMiddleware: [recorder.middleware] });
  recorder.start();
  const controls = installRecorderControls(recorder);
  const saved: string[] = [];
  const createObjectURL = jest.fn((blob: Blob) => {
    saved.push(String(blob.size));
    return 'blob:recording';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { recorder, store, controls, createObjectURL, clicked };
}

afterEach(() => {
  window.loanmanagerRecorder = undefined;
  jest.restoreAllMocks();
});

test('a labelled region with the download button, its shortcut announced, and a spoken confirmation', async () => {
  const { controls, clicked } = recordingPage();
  const { user } = renderWithProviders(<RecorderToolbar onDownload={controls.download} />);
  const region = screen.getByRole('region', { name: 'QA recording' });
  const button = screen.getByRole('button', { name: 'Download recording' });
  expect(region).toContainElement(button);
  expect(button).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+D');
  await user.click(button);
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('status')).toHaveTextContent(/Recording saved as loanmanager-\d{8}-\d{6}\.recording\.json/);
  controls.remove();
});

test('Alt+Shift+D and window.loanmanagerRecorder download too; other keys do nothing', () => {
  const { controls, clicked, createObjectURL } = recordingPage();
  fireEvent.keyDown(document, { key: 'D', code: 'KeyD', altKey: true, shiftKey: true });
  expect(clicked).toHaveBeenCalledTimes(1);
  fireEvent.keyDown(document, { key: 'D', code: 'KeyD', ctrlKey: true, shiftKey: true });
  fireEvent.keyDown(document, { key: 'd', code: 'KeyD' });
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(window.loanmanagerRecorder?.download()).toMatch(/\.recording\.json$/);
  expect(createObjectURL).toHaveBeenCalledTimes(2);
  expect(window.loanmanagerRecorder?.recording().format).toBe('loanmanager-recording');
  controls.remove();
  expect(window.loanmanagerRecorder).toBeUndefined();
});

/**
 * A viewport `width` px wide for useMediaQuery: jsdom has no layout and its matchMedia stub
 * (src/testing/jsdomPolyfills.ts) never matches, so its lists answer min-width queries from `width`.
 */
function viewportWidth(width: number) {
  const answer = (query: string) => {
    const minimum = /\(min-width:\s*(\d+)px\)/.exec(query);
    return minimum ? width >= Number(minimum[1]) : false;
  };
  const stub = window.matchMedia.bind(window);
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...stub(query), matches: answer(query) }));
}

test('at 375 px it sits in the page flow after the content (covering no field), the button reachable by Tab', async () => {
  viewportWidth(375);
  const { controls, clicked } = recordingPage();
  const { user } = renderWithProviders(
    <>
      <label>
        Last field <input />
      </label>
      <RecorderToolbar onDownload={controls.download} />
    </>,
  );
  const region = screen.getByRole('region', { name: 'QA recording' });
  expect(region.style.position).not.toBe('fixed');
  expect(region.style.position).not.toBe('absolute');
  expect(screen.queryByText('Alt+Shift+D')).not.toBeInTheDocument();
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Last field' })).toHaveFocus();
  await user.tab();
  const button = screen.getByRole('button', { name: 'Download recording' });
  expect(button).toHaveFocus();
  expect(button).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+D');
  await user.keyboard('{Enter}');
  expect(clicked).toHaveBeenCalledTimes(1);
  controls.remove();
});

test('at 1280 px it floats in the bottom corner with the shortcut shown', () => {
  viewportWidth(1280);
  const { controls } = recordingPage();
  renderWithProviders(<RecorderToolbar onDownload={controls.download} />);
  const region = screen.getByRole('region', { name: 'QA recording' });
  expect(region.style.position).toBe('fixed');
  expect(region).toHaveTextContent('Recording');
  expect(screen.getByText('Alt+Shift+D')).toBeVisible();
  controls.remove();
});

test('recording is on with record_actions, or ?record=1 in a non-production build only', () => {
  expect(shouldRecord({ recordActions: true }, '', true)).toBe(true);
  expect(shouldRecord({ recordActions: false }, '?record=1', false)).toBe(true);
  expect(shouldRecord({ recordActions: false }, '?record=1', true)).toBe(false);
  expect(shouldRecord({ recordActions: false }, '', false)).toBe(false);
});

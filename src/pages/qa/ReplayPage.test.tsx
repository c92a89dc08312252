import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi } from '../../testing/mockApi';
import { renderWithProviders } from '../../testing/renderWithProviders';
import ReplayPage from './ReplayPage';

const recordingText = fs.readFileSync(path.resolve(__dirname, '../../../recordings/go-green-opt-in.recording.json'), 'utf8');
const file = (text: string, name = 'session.recording.json') => new File([text], name, { type: 'application/json' });
/** The recording's action types, so that a recording made again (its RTK Query actions can differ) needs no edit here. */
const types = (JSON.parse(recordingText) as { actions: Array<{ action: { type: string } }> }).actions.map((entry) => entry.action.type);
/** The list's button of the first action of `type`, named as the list names it (#1 is the first). */
const step = (type: string) => new RegExp(`#${types.indexOf(type) + 1} ${type.replace('/', '\\/')}`);
const last = `Step ${types.length} of ${types.length}: ${types.at(-1)}`;

async function openRecording(text = recordingText) {
  const api = mockApi({});
  const view = renderWithProviders(<ReplayPage />);
  await view.user.upload(screen.getByLabelText('Recording file (.recording.json)'), file(text));
  await screen.findByRole('slider', { name: 'Step' });
  return { ...view, api };
}

test('opens a recording and shows the widget at its last step; scrubbing back re-renders earlier steps; nothing is sent', async () => {
  const { user, api } = await openRecording();
  expect(await screen.findByText('Thank you for choosing "Go Green".')).toBeInTheDocument();
  const slider = screen.getByRole('slider', { name: 'Step' });
  expect(slider).toHaveValue(String(types.length));
  expect(screen.getByText(last, { selector: '[role=status]' })).toBeInTheDocument();
  expect(slider).toHaveAttribute('aria-valuetext', last);

  const list = screen.getByRole('navigation', { name: 'Recorded actions' });
  await user.click(within(list).getByRole('button', { name: step('goGreen/nextPressed') }));
  expect(within(list).getByRole('button', { name: step('goGreen/nextPressed') })).toHaveAttribute('aria-current', 'step');
  expect(await screen.findByRole('button', { name: 'Complete' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Previous step' }));
  expect(await screen.findByRole('radio', { name: 'Yes, the details mentioned above are correct' })).toBeChecked();

  fireEvent.change(slider, { target: { value: '1' } });
  expect(await screen.findByText('Loading...')).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: /#1 goGreen\/widgetMounted/ })).toHaveAttribute('aria-current', 'step');

  await user.click(screen.getByRole('button', { name: 'Next step' }));
  expect(slider).toHaveValue('2');
  expect(api.requests).toEqual([]);
});

test('clicking inside the replayed widget changes nothing and sends nothing', async () => {
  const { user, api } = await openRecording();
  const list = screen.getByRole('navigation', { name: 'Recorded actions' });
  await user.click(within(list).getByRole('button', { name: step('goGreen/optInRequested') }));
  await user.click(within(list).getByRole('button', { name: step('goGreen/nextPressed') }));
  await user.click(await screen.findByRole('button', { name: 'Complete' }));
  expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
  expect(screen.queryByText('Thank you for choosing "Go Green".')).not.toBeInTheDocument();
  expect(api.requests).toEqual([]);
});

test('a recording that no longer replays shows the first failed action; a file that is not a recording is refused', async () => {
  const broken = JSON.parse(recordingText) as { appVersion: string; actions: Array<{ action: { type: string } }> };
  broken.appVersion = '0.0.1';
  const fifth = broken.actions[5];
  if (fifth) fifth.action.type = 'goGreen/emailChoiceMade';
  const { user } = await openRecording(JSON.stringify(broken));
  expect(await screen.findByText('This recording no longer replays completely')).toBeInTheDocument();
  expect(screen.getByText(/Action #6 "goGreen\/emailChoiceMade" changes nothing in this build/)).toBeInTheDocument();
  expect(screen.getByRole('slider', { name: 'Step' })).toHaveAttribute('max', '5');

  await user.upload(screen.getByLabelText('Recording file (.recording.json)'), file('{"hello":1}', 'notes.json'));
  expect(await screen.findByText(/^notes\.json: This is not a Loan Manager recording/)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('notes.json: This is not a Loan Manager recording');
  expect(screen.queryByRole('slider', { name: 'Step' })).not.toBeInTheDocument();
});

test('a recording replays in the language it was recorded in, whatever the page\'s', async () => {
  const spanish = JSON.stringify({ ...JSON.parse(recordingText), locale: 'es' });
  await openRecording(spanish);
  expect(await screen.findByText('Gracias por elegir "Go Green".')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Replayed widget' }).querySelector('[lang]')).toHaveAttribute('lang', 'es');
});

test('a recording without a language (older files) or in one this build does not speak replays in English', async () => {
  await openRecording(JSON.stringify({ ...JSON.parse(recordingText), locale: 'fr' }));
  expect(await screen.findByText('Thank you for choosing "Go Green".')).toBeInTheDocument();
});

/**
 * Makes the committed regression recordings (recordings/*.recording.json) from real sessions:
 * the real widgets in jsdom with the real store and sagas, a borrower typing and clicking,
 * the network mocked. The expected state is the live store's, redacted.
 *
 *   MAKE_RECORDINGS=1 npx jest --selectProjects client -- src/app/recorder/regressionRecordings.generate.test.tsx
 *
 * Skipped otherwise: the recordings are fixtures, regenerated only when a flow changes on purpose.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import GoGreenWidget from '../../features/goGreen/GoGreenWidget';
import PopupsWidget from '../../features/popups/PopupsWidget';
import RegistrationWidget from '../../features/registration/RegistrationWidget';
import { mockApi } from '../../testing/mockApi';
import { recordingNavigation, recordingReporter, renderWithProviders } from '../../testing/renderWithProviders';
import { defaultConfig } from '../../platform/config';
import { rootReducer } from '../rootReducer';
import { makeStore } from '../fullStore';
import { createActionRecorder } from './actionRecorder';

const generate = process.env.MAKE_RECORDINGS === '1' ? test : test.skip;
export const RECORDINGS_DIR = path.resolve(__dirname, '../../../recordings');

function startSession(page: string, config = defaultConfig()) {
  const recorder = createActionRecorder({ reducer: rootReducer, page: () => page });
  const { reporter } = recordingReporter();
  const { navigation } = recordingNavigation();
  const store = makeStore({
    reducerSideMiddleware: [recorder.middleware],
    dependencies: { config, reporter, navigation },
  });
  recorder.start();
  return { recorder, store };
}

function save(name: string, recorder: ReturnType<typeof createActionRecorder>) {
  fs.mkdirSync(RECORDINGS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RECORDINGS_DIR, `${name}.recording.json`), `${JSON.stringify(recorder.toRecording(), null, 1)}\n`);
  fs.writeFileSync(path.join(RECORDINGS_DIR, `${name}.expected.json`), `${JSON.stringify(recorder.state(), null, 1)}\n`);
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });

generate('registration: typing, then submit with a mismatched password and a bad email fails validation', async () => {
  const { recorder, store } = startSession('/loanmanager/register/');
  const { user } = renderWithProviders(<RegistrationWidget />, { store });
  await user.type(input('First Name'), 'Ada');
  await user.type(input('Last Name'), 'Lovelace');
  await user.type(input('Username'), 'ada');
  await user.type(input('Password'), 'Engine#1843');
  await user.type(input('Password (again)'), 'Engine#1844');
  await user.type(input('Email'), 'ada@example');
  await user.click(screen.getByRole('button', { name: /Register$/ }));
  expect(await screen.findByText('The passwords you entered do not match')).toBeInTheDocument();
  save('registration-validation-failure', recorder);
});

generate('go green: a borrower with a verified address opts in', async () => {
  mockApi({
    'GET go-green/status/': {
      body: { email_address: 'ada@example.com', email_validated: true, electdocs: false, disclosures: '<p>Electronic delivery disclosures.</p>' },
    },
    'POST go-green/opt_in/': { body: {} },
  });
  const { recorder, store } = startSession('/loanmanager/go-green/');
  const { user } = renderWithProviders(<GoGreenWidget />, { store });
  await user.click(await screen.findByRole('radio', { name: 'Yes, the details mentioned above are correct' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('button', { name: 'Complete' }));
  expect(await screen.findByText('Thank you for choosing "Go Green".')).toBeInTheDocument();
  // let RTK Query's subscription bookkeeping settle, so the saved state is the final one
  await new Promise((resolve) => setTimeout(resolve, 100));
  save('go-green-opt-in', recorder);
});

generate('popups: the queue of three, the offer declined, the tax popup not to be shown again, the address acknowledged', async () => {
  mockApi({
    'POST user/popup/': {
      body: [
        { id: 'go-green-auto-pay', sub_type: 'go_green' },
        { id: 'tax-reminder', tax_year: 2025 },
        { id: 'tfa-verify-email', email: 'ada@example.com' },
      ],
    },
    'POST user/set_popup_seen/': { body: {} },
    'POST user/dismiss_popup/': { body: {} },
  });
  const { recorder, store } = startSession('/loanmanager/main/', defaultConfig({ coacct: '6' }));
  const { user } = renderWithProviders(<PopupsWidget />, { store });
  await screen.findByRole('dialog', { name: 'Go Paperless, Go Green' });
  await user.click(screen.getByRole('button', { name: 'Not at this time, I prefer to receive paper documents via mail' }));
  await screen.findByRole('dialog', { name: '2025 Tax Information' });
  await user.click(screen.getByRole('button', { name: "Don't show again" }));
  await screen.findByRole('dialog', { name: 'Please Verify Your Email Address' });
  await user.click(screen.getByRole('button', { name: 'I acknowledge this email is correct' }));
  await waitFor(() => expect(store.getState().popups.current?.phase).toBe('closed'));
  await waitFor(() => expect(store.getState().popups.seen).toHaveLength(3));
  await new Promise((resolve) => setTimeout(resolve, 100));
  save('popups-sequence', recorder);
});

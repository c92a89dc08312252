import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../lib/validation/messages';
import { mockApi, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PROFILE_MESSAGES } from './profileSlice';
import ProfileWidget from './ProfileWidget';

jest.setTimeout(30_000);

const STATUS = 'GET go-green/status/';
const EMAIL_CHANGE = 'POST user/request_email_change/';
const onFile: MockResponse = {
  body: { email_address: 'cory@example.com', email_validated: true, electdocs: false, disclosures: '' },
};

async function submitAddress(address: string, change: MockResponse) {
  const api = mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: change });
  const rendered = renderWidget(<ProfileWidget />);
  expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
  if (address) {
    await rendered.user.click(screen.getByLabelText('New email address'));
    await rendered.user.paste(address);
  }
  await rendered.user.click(screen.getByRole('button', { name: 'Change email address' }));
  return { api, ...rendered };
}

describe('profile: change email address', () => {
  test('shows the address on file and validates the new one before sending', async () => {
    const { api } = await submitAddress('', { body: { requires_validation: true } });
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription(MESSAGES.goGreenEmailRequired);
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(0);
  });

  test('a new address: the verification link is on its way', async () => {
    const { api } = await submitAddress('new@example.com', { body: { requires_validation: true } });
    expect(await screen.findByText(PROFILE_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'new@example.com' }]);
  });

  test('an address already validated: changed at once, and the address on file is reloaded', async () => {
    const { api } = await submitAddress('cory@example.com', { body: { requires_validation: false } });
    expect(await screen.findByText(PROFILE_MESSAGES.changed)).toBeInTheDocument();
    await waitFor(() => expect(api.sent(STATUS)).toHaveLength(2));
  });

  test('the address on file is asked afresh each time the page opens', async () => {
    const api = mockApi({ [STATUS]: onFile });
    const first = renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<ProfileWidget />, { store: first.store });
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    await waitFor(() => expect(api.sent(STATUS)).toHaveLength(2));
  });

  test('an address that cannot be loaded says so', async () => {
    mockApi({ [STATUS]: { status: 500, body: { errors: ['down'] } } });
    renderWidget(<ProfileWidget />);
    expect(await screen.findByText('Your email address could not be loaded.')).toBeInTheDocument();
  });

  test('a failure is shown', async () => {
    await submitAddress('new@example.com', { status: 400, body: { errors: ['in use'] } });
    expect(await screen.findByText(PROFILE_MESSAGES.failed)).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import { mockApi, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testI18n } from '../../testing/testI18n';
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
    await rendered.user.click(screen.getByLabelText(english('profile.newEmail')));
    await rendered.user.paste(address);
  }
  await rendered.user.click(screen.getByRole('button', { name: english('profile.changeEmail') }));
  return { api, ...rendered };
}

describe('profile: change email address', () => {
  test('shows the address on file and validates the new one before sending', async () => {
    const { api } = await submitAddress('', { body: { requires_validation: true } });
    expect(screen.getByRole('heading', { level: 1, name: english('profile.title') })).toBeInTheDocument();
    expect(screen.getByLabelText(english('profile.newEmail'))).toHaveAccessibleDescription(english(MESSAGES.goGreenEmailRequired));
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(0);
  });

  test('a new address: the verification link is on its way', async () => {
    const { api } = await submitAddress('new@example.com', { body: { requires_validation: true } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.verificationSent))).toBeInTheDocument();
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'new@example.com' }]);
  });

  test('an address already validated: changed at once, and the address on file is reloaded', async () => {
    const { api } = await submitAddress('cory@example.com', { body: { requires_validation: false } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.changed))).toBeInTheDocument();
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
    expect(await screen.findByText(english('profile.loadFailed'))).toBeInTheDocument();
  });

  test('a failure is shown', async () => {
    await submitAddress('new@example.com', { status: 400, body: { errors: ['in use'] } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.failed))).toBeInTheDocument();
  });

  test('the address on file, the form and a failure, in Spanish', async () => {
    mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: { status: 400, body: { errors: ['in use'] } } });
    const { user, store } = renderWidget(<ProfileWidget />, { i18n: testI18n('es') });
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    const onFileText = await screen.findByText('cory@example.com');
    expect(onFileText.closest('.loanmanager-paragraph')).toHaveTextContent('Su correo electrónico registrado es cory@example.com (verificado).');
    await user.click(screen.getByLabelText('Nuevo correo electrónico'));
    await user.paste('new@example.com');
    await user.click(screen.getByRole('button', { name: 'Cambiar correo electrónico' }));
    expect(await screen.findByText('Hubo un problema, vuelva a intentarlo más tarde')).toBeInTheDocument();
    // the store keeps the message's id: a recording of it replays in any language
    expect(store.getState().profile.serverMessage).toBe(PROFILE_MESSAGES.failed);
  });
});

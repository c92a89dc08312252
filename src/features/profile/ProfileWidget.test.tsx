import { act, screen, waitFor, within } from '@testing-library/react';
import { redact } from '../../platform/redaction';
import { MESSAGES } from '../../lib/validation/messages';
import { defaultConfig } from '../../platform/config';
import { english } from '../../testing/english';
import { fakeWebAuthn, removeWebAuthn } from '../../testing/fakeWebAuthn';
import { mockApi, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testI18n } from '../../testing/testI18n';
import { PROFILE_MESSAGES } from './profileSlice';
import ProfileWidget from './ProfileWidget';

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
    expect(await screen.findByText(/We sent a verification link to/)).toBeInTheDocument();
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'new@example.com' }]);
  });

  test('an address already validated: changed at once, and the address on file is reloaded', async () => {
    const { api } = await submitAddress('cory@example.com', { body: { requires_validation: false } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.changed, { email: 'cory@example.com' }))).toBeInTheDocument();
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

  test('a 2xx whose answer does not fit the contract is never shown as a failure (issue 39)', async () => {
    const { api } = await submitAddress('new@example.com', { body: { accepted: 'yes' } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.received))).toBeInTheDocument();
    expect(screen.queryByText(english(PROFILE_MESSAGES.failed))).not.toBeInTheDocument();
    // which of the two it was shows in the address on file, asked again
    await waitFor(() => expect(api.sent(STATUS)).toHaveLength(2));
  });

  test('a failure the server does not explain is shown below the field', async () => {
    await submitAddress('new@example.com', { status: 500, body: { errors: ['down'] } });
    expect(await screen.findByText(english(PROFILE_MESSAGES.failed))).toBeInTheDocument();
  });

  test("an address in use by another account: the server's reason on the field, marked invalid, focused, no green tick", async () => {
    const inUse = 'This email address is already in use by another account.';
    const { user } = await submitAddress('dana.demo@example.com', { status: 400, body: { errors: [inUse] } });
    const field = screen.getByRole('textbox', { name: english('profile.newEmail') });
    await waitFor(() => expect(field).toHaveAccessibleDescription(inUse));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(inUse);
    expect(screen.queryByText(english(PROFILE_MESSAGES.failed))).not.toBeInTheDocument();
    expect(field.closest('.lm-form-item-has-success')).toBeNull();
    // another address: the refusal goes with the value it was about
    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  test('the address on file, the form and a failure, in Spanish', async () => {
    mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: { status: 500, body: { errors: ['down'] } } });
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

describe('profile: after a change, the new address followed (issue 47 item 5)', () => {
  const IS_VALIDATED = 'GET user/is_validated/';
  const CHECK = 'GET user/check_email_address/';
  const linkSent: MockResponse = { body: { requires_validation: true, link_expires_in_seconds: 48 * 3600 } };

  test('names the new address, states how long the link works, and offers to send it again', async () => {
    const api = mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: linkSent, [CHECK]: { body: { valid: true } }, [IS_VALIDATED]: { body: { validated: false } } });
    const { user } = renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: english('profile.newEmail') }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: english('profile.changeEmail') }));
    const sent = await screen.findByText(/We sent a verification link to/);
    expect(sent).toHaveTextContent(english('profile.verificationSent', { email: 'new@example.com' }).replace(/<\/?0>/g, ''));
    expect(within(sent).getByText('new@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(english('profile.linkLifetime', { hours: 48 }))).toBeInTheDocument();
    expect(screen.getByText(english('profile.linkLifetime', { hours: 48 }))).toHaveTextContent('The link works for 48 hours.');
    await user.click(screen.getByRole('button', { name: english('profile.sendAgain') }));
    await waitFor(() => expect(api.sent(EMAIL_CHANGE)).toHaveLength(2));
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'new@example.com' }, { email_address: 'new@example.com' }]);
    const status = screen.getAllByRole('status').find((element) => /new link/.test(element.textContent ?? ''));
    expect(status).toHaveTextContent('We sent a new link to new@example.com.');
  });

  test('follows the verification: the link opened in another tab shows here, and the address on file is reloaded', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let validated = false;
      const api = mockApi({
        [STATUS]: () => (validated ? { body: { ...onFile.body as object, email_address: 'new@example.com' } } : onFile),
        [EMAIL_CHANGE]: linkSent,
        [CHECK]: { body: { valid: true } },
        [IS_VALIDATED]: () => ({ body: { validated } }),
      });
      const { user } = renderWidget(<ProfileWidget />);
      expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: english('profile.newEmail') }), 'new@example.com');
      await user.click(screen.getByRole('button', { name: english('profile.changeEmail') }));
      expect(await screen.findByText(/We sent a verification link to/)).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(api.sent(IS_VALIDATED)).toHaveLength(1));
      expect(api.sent(IS_VALIDATED)[0]!.url.searchParams.get('email_address')).toBe('new@example.com');
      // the link is opened elsewhere
      validated = true;
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByText(/is verified\. It is now your email address on file/)).toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByText('new@example.com').length).toBeGreaterThanOrEqual(2));
      expect(screen.queryByText('cory@example.com')).not.toBeInTheDocument();
      // and the poll stops
      const polls = api.sent(IS_VALIDATED).length;
      await act(() => jest.advanceTimersByTimeAsync(20_000));
      expect(api.sent(IS_VALIDATED)).toHaveLength(polls);
    } finally {
      jest.useRealTimers();
    }
  });

  test('an address in use: the error shows as soon as the check answers, never a green tick, and nothing is sent', async () => {
    const inUse = 'This email address is already in use by another account.';
    const api = mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: linkSent, [CHECK]: { status: 400, body: { errors: [inUse] } } });
    const { user } = renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: english('profile.newEmail') });
    await user.type(field, 'dana.demo@example.com');
    // while it checks: said under the field, no mark
    expect(field).toHaveAccessibleDescription(english('profile.checkingEmail'));
    // before any blur or submit
    await waitFor(() => expect(field).toHaveAccessibleDescription(inUse));
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(inUse);
    expect(api.sent(CHECK).map((request) => request.url.searchParams.get('email_address'))).toEqual(['dana.demo@example.com']);
    await user.tab();
    expect(field.closest('.lm-form-item-has-success')).toBeNull();
    await user.click(screen.getByRole('button', { name: english('profile.changeEmail') }));
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(0);
    expect(field).toHaveFocus();
  });

  test('a usable address gets its mark once the server has accepted it', async () => {
    mockApi({ [STATUS]: onFile, [CHECK]: { body: { valid: true } } });
    const { user } = renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: english('profile.newEmail') });
    await user.type(field, 'free@example.com');
    await waitFor(() => expect(field.closest('.lm-form-item-has-success')).not.toBeNull());
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  test('the new address, its link and a resend, in Spanish', async () => {
    mockApi({ [STATUS]: onFile, [EMAIL_CHANGE]: linkSent, [CHECK]: { body: { valid: true } }, [IS_VALIDATED]: { body: { validated: false } } });
    const { user } = renderWidget(<ProfileWidget />, { i18n: testI18n('es') });
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nuevo correo electrónico' }), 'nuevo@example.com');
    await user.click(screen.getByRole('button', { name: 'Cambiar correo electrónico' }));
    expect(await screen.findByText(/Enviamos un enlace de verificación a/)).toHaveTextContent(
      'Enviamos un enlace de verificación a nuevo@example.com. Será su correo electrónico registrado cuando abra el enlace.',
    );
    expect(screen.getByText('El enlace funciona durante 48 horas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar el enlace de nuevo' })).toBeInTheDocument();
  });
});

describe('profile: the password asked again before a change (issue 38)', () => {
  const CONFIRM = 'POST user/confirm_password/';
  const PASSWORD = 'Borrower-Pass-2026';
  const reauthRequired: MockResponse = { status: 403, body: { reauth_required: true } };

  /** request_email_change: 403 until the password is confirmed, then `after`. */
  function serverWithWindow(confirm: (password: string) => MockResponse, after: MockResponse = { body: { requires_validation: true } }) {
    let open = false;
    return mockApi({
      [STATUS]: onFile,
      [EMAIL_CHANGE]: () => (open ? after : reauthRequired),
      [CONFIRM]: (request) => {
        const answer = confirm((request.body as { password: string }).password);
        if ((answer.status ?? 200) === 200) open = true;
        return answer;
      },
    });
  }

  async function typeAndSubmit(address: string) {
    const rendered = renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    await rendered.user.click(screen.getByLabelText(english('profile.newEmail')));
    await rendered.user.paste(address);
    await rendered.user.click(screen.getByRole('button', { name: english('profile.changeEmail') }));
    const dialog = await screen.findByRole('dialog', { name: english('common.reauth.title') }, { timeout: 5000 });
    return { ...rendered, dialog };
  }

  const passwordField = (dialog: HTMLElement) => within(dialog).getByLabelText(english('common.reauth.password'));

  test('403 reauth_required: the dialog asks for the password, confirms it, and the same change is sent again and succeeds', async () => {
    const api = serverWithWindow((password) => (password === PASSWORD ? { body: { reauth_expires_in_seconds: 600 } } : { status: 400, body: { errors: ['no'] } }));
    const { user, dialog, store, actions } = await typeAndSubmit('new@example.com');
    expect(dialog).toHaveAccessibleDescription(english('common.reauth.why'));
    await waitFor(() => expect(passwordField(dialog)).toHaveFocus());
    await user.type(passwordField(dialog), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.confirm') }));
    expect(await screen.findByText(/We sent a verification link to/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(api.sent(CONFIRM).map((request) => request.body)).toEqual([{ password: PASSWORD }]);
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([
      { email_address: 'new@example.com' },
      { email_address: 'new@example.com' },
    ]);
    // the password is in no state, and the one action that carried it is redacted by every sink
    expect(JSON.stringify(store.getState())).not.toContain(PASSWORD);
    expect(JSON.stringify(redact(actions.actions))).not.toContain(PASSWORD);
    expect(actions.of('profile')).toEqual(expect.arrayContaining(['profile/reauthRequired', 'profile/reauthConfirmed', 'profile/reauthDialogClosed']));
  });

  test('a wrong password: said on the field, announced, the dialog stays; a pause says so', async () => {
    const answers: MockResponse[] = [
      { status: 400, body: { errors: ['Invalid username or password.'] } },
      { status: 429, body: { errors: ['Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.'] } },
    ];
    const api = serverWithWindow(() => answers.shift() ?? { status: 500 });
    const { user, dialog } = await typeAndSubmit('new@example.com');
    await user.type(passwordField(dialog), 'wrong-password');
    await user.keyboard('{Enter}');
    const field = passwordField(dialog);
    await waitFor(() => expect(field).toHaveAccessibleDescription(english('common.reauth.incorrect')));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(english('common.reauth.incorrect'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.getByRole('dialog', { name: english('common.reauth.title') })).toBeInTheDocument();
    await user.type(field, 'wrong-again');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(/Please wait 15 minutes/)).toBeInTheDocument();
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(1);
    expect(screen.queryByText(/We sent a verification link to/)).not.toBeInTheDocument();
  });

  test('Cancel: nothing changed, focus back on the button that started it, the address typed kept', async () => {
    const api = serverWithWindow(() => ({ body: { reauth_expires_in_seconds: 600 } }));
    const { user, dialog } = await typeAndSubmit('new@example.com');
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    const button = screen.getByRole('button', { name: english('profile.changeEmail') });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toBeEnabled();
    expect(screen.getByRole('textbox', { name: english('profile.newEmail') })).toHaveValue('new@example.com');
    expect(api.sent(CONFIRM)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('profile: passkeys (issue 49)', () => {
  const LIST = 'GET user/passkeys/';
  const ADD_OPTIONS = 'POST user/passkeys/add_options/';
  const ADD = 'POST user/passkeys/add/';
  const RENAME = 'POST user/passkeys/rename/';
  const REMOVE = 'POST user/passkeys/remove/';
  const REAUTH_OPTIONS = 'POST user/passkeys/reauth_options/';
  const CONFIRM_PASSKEY = 'POST user/confirm_passkey/';
  const withPasskeys = { dependencies: { config: defaultConfig({ passkeys: true }) } };
  const phone = { id: 7, name: 'My phone', created_at: '2026-01-05T10:00:00.000Z', last_used_at: null, synced: true };
  afterEach(removeWebAuthn);

  test('nothing of passkeys where the page does not offer them', async () => {
    fakeWebAuthn();
    const api = mockApi({ [STATUS]: onFile });
    renderWidget(<ProfileWidget />);
    expect(await screen.findByText('cory@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: english('profile.passkeys.title') })).not.toBeInTheDocument();
    expect(api.sent(LIST)).toEqual([]);
  });

  test('lists them; adds one after the step-up with a passkey instead of the password; renames and removes one', async () => {
    fakeWebAuthn();
    let passkeys = [phone];
    let windowOpen = false;
    const api = mockApi({
      [STATUS]: onFile,
      [LIST]: () => ({ body: { passkeys } }),
      [ADD_OPTIONS]: () => (windowOpen ? { body: { challenge: 'Y2g', rp: { id: 'localhost', name: 'Loan Manager' }, user: { id: 'dXNlcg', name: 'cory', displayName: 'cory' }, pubKeyCredParams: [] } } : { status: 403, body: { reauth_required: true } }),
      [REAUTH_OPTIONS]: { body: { challenge: 'Y2g', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }] } },
      [CONFIRM_PASSKEY]: () => {
        windowOpen = true;
        return { body: { reauth_expires_in_seconds: 600 } };
      },
      [ADD]: () => {
        passkeys = [...passkeys, { ...phone, id: 8, name: 'Laptop' }];
        return { body: passkeys.at(-1) };
      },
      [RENAME]: (request) => {
        passkeys = passkeys.map((item) => (item.id === 8 ? { ...item, name: (request.body as { name: string }).name } : item));
        return { body: { passkeys } };
      },
      [REMOVE]: () => {
        passkeys = passkeys.filter((item) => item.id !== 7);
        return { body: { passkeys } };
      },
    });
    const { user } = renderWidget(<ProfileWidget />, withPasskeys);
    const list = await screen.findByRole('list', { name: english('profile.passkeys.list') });
    expect(within(list).getByText('My phone')).toBeInTheDocument();
    expect(within(list).getByText('Added Jan 5, 2026')).toBeInTheDocument();
    expect(within(list).getByText(english('profile.passkeys.neverUsed'))).toBeInTheDocument();

    await user.type(screen.getByLabelText(english('profile.passkeys.newName')), '  Laptop ');
    await user.click(screen.getByRole('button', { name: english('profile.passkeys.add') }));
    const dialog = await screen.findByRole('dialog', { name: english('common.reauth.title') }, { timeout: 5000 });
    // it says what the password is for: adding a passkey, not changing the address
    expect(dialog).toHaveAccessibleDescription(english('common.reauth.whyPasskey'));
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.usePasskey') }));
    expect(await screen.findByText(english('profile.passkeys.addDone'))).toBeInTheDocument();
    expect(api.sent(ADD).map(({ body }) => (body as { name: string }).name)).toEqual(['Laptop']);
    expect(await within(list).findByText('Laptop')).toBeInTheDocument();
    // the field is empty again for the next one
    expect(screen.getByLabelText(english('profile.passkeys.newName'))).toHaveValue('');
    // the password dialog is gone (it hands focus back as it goes) before the borrower renames
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rename Laptop' }));
    const nameField = screen.getByLabelText(english('profile.passkeys.name'));
    await waitFor(() => expect(nameField).toHaveFocus());
    await user.clear(nameField);
    await user.click(screen.getByRole('button', { name: english('profile.passkeys.save') }));
    expect(nameField).toHaveAccessibleDescription(english(MESSAGES.required));
    await user.type(nameField, 'Work laptop');
    await user.click(screen.getByRole('button', { name: english('profile.passkeys.save') }));
    expect(await within(list).findByText('Work laptop')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove My phone' }));
    expect(await screen.findByText(english('profile.passkeys.removeDone'))).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('My phone')).not.toBeInTheDocument());
    expect(api.sent(REMOVE).map(({ body }) => body)).toEqual([{ id: 7 }]);
  });

  test("reached from the landing page's offer (#passkeys): the new passkey's name field has the focus", async () => {
    fakeWebAuthn();
    window.history.replaceState(null, '', '/loanmanager/profile/#passkeys');
    try {
      mockApi({ [STATUS]: onFile, [LIST]: { body: { passkeys: [] } } });
      renderWidget(<ProfileWidget />, withPasskeys);
      const field = await screen.findByLabelText(english('profile.passkeys.newName'));
      await waitFor(() => expect(field).toHaveFocus());
      expect(screen.getByRole('region', { name: english('profile.passkeys.title') })).toHaveAttribute('id', 'passkeys');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { defaultConfig } from '../../platform/config';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import ResetPasswordWidget from './ResetPasswordWidget';
import { resetPasswordSlice } from './resetPasswordSlice';

// antd's Form is heavy in jsdom: a flow can take 30 s on a loaded 2-core machine.

const VALIDATE = 'POST account/validate_nonce/';
const RESET = 'POST account/reset_password/';
const NONCE = 'nonce-from-config';
const config = defaultConfig({ resetNonce: NONCE });
const flow = (log: { of: (...domains: string[]) => string[] }) =>
  log.of('resetPassword', 'api/executeMutation').filter((type) => !type.endsWith('/fieldChanged'));

test('checking: "Please wait..." while validate_nonce runs with the nonce of the config block', async () => {
  let answer: (response: MockResponse) => void = () => undefined;
  const api = mockApi({ [VALIDATE]: () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
  window.history.replaceState(null, '', '/loanmanager/reset_password/?nonce=from-the-address');
  renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
  await waitFor(() => expect(api.sent(VALIDATE)).toHaveLength(1));
  expect(api.sent(VALIDATE)[0]?.body).toEqual({ nonce: NONCE });
  answer({ body: { valid: true } });
  expect(await screen.findByLabelText('Password', { selector: 'input' })).toBeInTheDocument();
  window.history.replaceState(null, '', '/');
});

/** The widget, and a button that takes it off the page and puts it back (a later mount). */
function Remountable() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'}
      </button>
      {shown && <ResetPasswordWidget />}
    </>
  );
}

test.each([
  ['valid', 'succeeded' as const],
  ['expired', 'refused' as const],
])('a page that came with its check (%s) shows it at once and asks nothing; a later mount asks again', async (_, nonceStatus) => {
  const api = mockApi({ [VALIDATE]: { body: { valid: true } } });
  // the page's answer, as src/firstView/firstAnswers.ts hands it over before the first render
  const preloadedState = { resetPassword: { ...resetPasswordSlice.getInitialState(), nonceStatus } };
  const { user } = renderWidget(<Remountable />, { dependencies: { config }, preloadedState });
  expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
  if (nonceStatus === 'succeeded') expect(screen.getByLabelText('Password', { selector: 'input' })).toBeInTheDocument();
  else expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(api.sent(VALIDATE)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Hide' }));
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(api.sent(VALIDATE)).toHaveLength(1));
  expect(await screen.findByLabelText('Password', { selector: 'input' })).toBeInTheDocument();
});

test.each([
  ['an invalid nonce', () => mockApi({ [VALIDATE]: { status: 400, body: { errors: ['Your reset password request has expired.'] } } }), config],
  ['no nonce in the config', () => mockApi({}), defaultConfig()],
])('expired (%s): the message and a way to request again', async (_, setup, pageConfig) => {
  const api = setup();
  renderWidget(<ResetPasswordWidget />, { dependencies: { config: pageConfig } });
  const alert = await screen.findByRole('alert');
  // the spec's text verbatim, then a sentence that covers a used link as well as an old one
  expect(alert).toHaveTextContent(
    'Your reset password request has expired.A reset link works only once and for a limited time, so this one may have been used already or be too old. Request a new link below.',
  );
  expect(screen.getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute(
    'href',
    '/loanmanager/request_password_reset',
  );
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  if (pageConfig.resetNonce === null) expect(api.requests).toHaveLength(0);
});

// The spec's "expired" is the server's answer (a 4xx). A check that got no answer (a 5xx, a
// proxy's error page, no network) says nothing of the link: the page says so and offers to retry.
test.each<[string, MockHandler | MockResponse]>([
  ['a server error (500)', { status: 500, body: { errors: ['Internal Server Error'] } }],
  ["a proxy's error page (502)", { status: 502, html: '<html><body>Bad Gateway</body></html>' }],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
])('when validate_nonce fails with %s: "could not check", not "expired", and Try again checks once more', async (_, answer) => {
  let failing = true;
  const api = mockApi({
    [VALIDATE]: (request) => {
      if (!failing) return { body: { valid: true } };
      return typeof answer === 'function' ? answer(request) : answer;
    },
  });
  const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your link. Please try again.');
  expect(screen.queryByText('Your reset password request has expired.')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText('Password', { selector: 'input' })).toBeInTheDocument();
  expect(api.sent(VALIDATE).map((request) => request.body)).toEqual([{ nonce: NONCE }, { nonce: NONCE }]);
});

test('valid: Password and Password (again); errors show on submit, focus on the first invalid', async () => {
  const api = mockApi({ [VALIDATE]: { body: { valid: true } } });
  const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  const password = await screen.findByLabelText('Password', { selector: 'input' });
  const again = screen.getByLabelText('Password (again)', { selector: 'input' });
  expect(password).toHaveAttribute('maxlength', '50');
  expect(screen.getByText(english(MESSAGES.passwordHint))).toBeInTheDocument();
  await user.type(password, 'weak');
  await user.tab();
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(password).toHaveFocus();
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([english(MESSAGES.password), english(MESSAGES.required)]);
  await user.clear(password);
  await user.type(password, 'Secret-pass1');
  await user.type(again, 'Secret-pass2');
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([english(MESSAGES.passwordsDoNotMatch)]);
  expect(api.sent(RESET)).toHaveLength(0);
});

/** antd's success status of a field: the check mark (an img named check-circle, hidden from screen readers) and the item's success class. */
function isMarkedSuccessful(input: HTMLElement): boolean {
  const field = input.closest<HTMLElement>('.lm-form-item');
  if (!field) throw new Error('the input is not in a form field');
  const mark = within(field).queryByLabelText('check-circle') !== null;
  const styled = field.classList.contains('lm-form-item-has-success');
  if (mark !== styled) throw new Error(`check mark ${mark}, success styling ${styled}`);
  return mark;
}

test('no field is marked a success while empty; matching passwords are', async () => {
  mockApi({ [VALIDATE]: { body: { valid: true } } });
  const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  const password = await screen.findByLabelText('Password', { selector: 'input' });
  const again = screen.getByLabelText('Password (again)', { selector: 'input' });
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(again).toHaveAccessibleDescription(english(MESSAGES.required));
  expect(isMarkedSuccessful(password)).toBe(false);
  expect(isMarkedSuccessful(again)).toBe(false);
  await user.type(password, 'Secret-pass1');
  await user.type(again, 'Secret-pass1');
  expect(isMarkedSuccessful(password)).toBe(true);
  expect(isMarkedSuccessful(again)).toBe(true);
  await user.clear(again);
  expect(again).toHaveAccessibleDescription(english(MESSAGES.required));
  expect(isMarkedSuccessful(again)).toBe(false);
});

test('success: the exact body, the alert, then the login page about 3 s later', async () => {
  const api = mockApi({ [VALIDATE]: { body: { valid: true } }, [RESET]: { body: {} } });
  const { user, visited, actions } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'Secret-pass1');
  await user.type(screen.getByLabelText('Password (again)', { selector: 'input' }), 'Secret-pass1');
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    await act(async () => {
      screen.getByRole('button', { name: 'Reset Password' }).click();
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Password reset successful! You will now be redirected to the login page.',
      ),
    );
    expect(visited).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(2900);
    });
    expect(visited).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    expect(visited).toEqual([{ url: '/loanmanager/login/?password_changed=1', fullReload: false }]);
  } finally {
    jest.useRealTimers();
  }
  expect(api.sent(RESET).map((request) => request.body)).toEqual([
    { nonce: NONCE, password: 'Secret-pass1', password2: 'Secret-pass1' },
  ]);
  expect(flow(actions)).toEqual([
    'resetPassword/opened',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'resetPassword/nonceAccepted',
    'resetPassword/fieldBlurred',
    'resetPassword/submitted',
    'resetPassword/submissionStarted',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'resetPassword/submissionSucceeded',
    'resetPassword/redirected',
  ]);
});

test.each([
  [400, { errors: ['This password is too common. Please choose another.'] }, 'There was a problem resetting your password: This password is too common. Please choose another.'],
  [500, { errors: ['Something went wrong. Please try again later.'] }, 'There was a problem resetting your password'],
])('failure %i: the reset problem alert (with the server\'s reason for a refused password), the form stays', async (status, body, text) => {
  mockApi({ [VALIDATE]: { body: { valid: true } }, [RESET]: { status, body } });
  const { user, visited } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'Secret-pass1');
  await user.type(screen.getByLabelText('Password (again)', { selector: 'input' }), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('Secret-pass1');
  expect(visited).toEqual([]);
});

test('a refused new password (too common) is marked on its field: its text, aria-invalid, focus; the confirmation loses its tick', async () => {
  const text = 'This password is too common. Please choose another.';
  mockApi({ [VALIDATE]: { body: { valid: true } }, [RESET]: { status: 400, body: { errors: [text], fields: ['password'] } } });
  const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  const password = await screen.findByLabelText('Password', { selector: 'input' });
  const again = screen.getByLabelText('Password (again)', { selector: 'input' });
  await user.type(password, 'Secret-pass1');
  await user.type(again, 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  await waitFor(() => expect(password).toHaveFocus());
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(password).toHaveAccessibleDescription(expect.stringContaining(text));
  expect(again).not.toHaveAttribute('aria-invalid', 'true');
  expect(isMarkedSuccessful(again)).toBe(false);
  // the form's alert (below the fields) still says it
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([text, `There was a problem resetting your password: ${text}`]);
  // a new password clears the mark
  await user.type(password, 'x');
  expect(password).not.toHaveAttribute('aria-invalid', 'true');
});

test('a check that fails again after Try again: the message comes back, focused (the button pressed is gone)', async () => {
  mockApi({ [VALIDATE]: { status: 503, body: {} } });
  const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  await screen.findByRole('alert');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent('We could not check your link. Please try again.');
});

test('a network failure on Reset Password: the reset problem alert, focused, the form kept', async () => {
  const api = mockApi({ [VALIDATE]: { body: { valid: true } } });
  const { user, visited } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'Secret-pass1');
  await user.type(screen.getByLabelText('Password (again)', { selector: 'input' }), 'Secret-pass1');
  api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^There was a problem resetting your password$/);
  await waitFor(() => expect(alert.parentElement).toHaveFocus());
  expect(screen.getByLabelText('Password (again)', { selector: 'input' })).toHaveValue('Secret-pass1');
  expect(visited).toEqual([]);
});

test('a 2xx on Reset Password whose body is not JSON: the password was reset, so the success (and the misfit reported)', async () => {
  mockApi({ [VALIDATE]: { body: { valid: true } }, [RESET]: { html: '<html>OK</html>' } });
  const { user, reported } = renderWidget(<ResetPasswordWidget />, { dependencies: { config } });
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'Secret-pass1');
  await user.type(screen.getByLabelText('Password (again)', { selector: 'input' }), 'Secret-pass1');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Password reset successful!');
  expect(reported).toHaveLength(1);
});

describe('in Spanish', () => {
  const es = testI18n('es');

  test('checking, then the form: heading, labels, hint and button; the rule messages in Spanish', async () => {
    mockApi({ [VALIDATE]: { body: { valid: true } } });
    const { user } = renderWidget(<ResetPasswordWidget />, { dependencies: { config }, i18n: es });
    expect(screen.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Espere un momento...');
    const password = await screen.findByLabelText('Contraseña', { selector: 'input' });
    const again = screen.getByLabelText('Confirme la contraseña', { selector: 'input' });
    expect(password).toHaveAccessibleDescription(
      'La contraseña debe incluir una letra mayúscula, un número, un carácter especial y tener al menos 8 caracteres.',
    );
    await user.type(password, 'weak');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'La contraseña no cumple los requisitos.',
      'Este campo es obligatorio',
    ]);
    await user.type(again, 'other');
    expect(again).toHaveAccessibleDescription('Las contraseñas que ingresó no coinciden');
  });

  test('expired: the message and the link in Spanish', async () => {
    renderWidget(<ResetPasswordWidget />, { dependencies: { config: defaultConfig() }, i18n: es });
    expect(await screen.findByRole('alert')).toHaveTextContent('Su solicitud para restablecer la contraseña venció.');
    expect(screen.getByRole('alert')).toHaveTextContent('pudo haberse usado ya o haber vencido');
    expect(screen.getByRole('link', { name: 'Solicite un nuevo enlace para restablecer la contraseña' })).toHaveAttribute(
      'href',
      '/loanmanager/request_password_reset',
    );
  });

  test('a check that got no answer: the message and Try again in Spanish', async () => {
    mockApi({ [VALIDATE]: { status: 502 } });
    renderWidget(<ResetPasswordWidget />, { dependencies: { config }, i18n: es });
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos comprobar su enlace. Inténtelo de nuevo.');
    expect(screen.getByRole('button', { name: 'Inténtelo de nuevo' })).toBeInTheDocument();
  });

  test("a refused password: the spec's alert in Spanish with the server's reason as it came; the store keeps the id and the reason", async () => {
    const reason = 'Esta contraseña es demasiado común.';
    mockApi({ [VALIDATE]: { body: { valid: true } }, [RESET]: { status: 400, body: { errors: [reason] } } });
    const { user, store } = renderWidget(<ResetPasswordWidget />, { dependencies: { config }, i18n: es });
    await user.type(await screen.findByLabelText('Contraseña', { selector: 'input' }), 'Secret-pass1');
    await user.type(screen.getByLabelText('Confirme la contraseña', { selector: 'input' }), 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Hubo un problema al restablecer su contraseña: ${reason}`);
    expect(store.getState().resetPassword).toMatchObject({ serverMessage: 'passwordReset.failedBecause', messageValues: { reason } });
  });
});

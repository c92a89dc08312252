import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import RequestPasswordResetWidget from './RequestPasswordResetWidget';

const REQUEST = 'POST account/request_password_reset/';
const flow = (log: { of: (...domains: string[]) => string[] }) => log.of('requestPasswordReset', 'api/executeMutation');

test('title, the username field with autocomplete, autocapitalize and spellcheck off, and the username link', () => {
  renderWidget(<RequestPasswordResetWidget />);
  expect(screen.getByRole('heading', { level: 1, name: 'Having trouble signing in?' })).toBeInTheDocument();
  const username = screen.getByLabelText('Username');
  expect(username).toHaveAttribute('autocomplete', 'off');
  expect(username).toHaveAttribute('autocapitalize', 'off');
  expect(username).toHaveAttribute('spellcheck', 'false');
  expect(username).toHaveAttribute('maxlength', '50');
  expect(screen.getByRole('link', { name: 'Recover your username' })).toHaveAttribute('href', '/loanmanager/recover_username');
});

test('Continue is disabled while the form is invalid', async () => {
  mockApi({});
  const { user } = renderWidget(<RequestPasswordResetWidget />);
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await user.type(screen.getByLabelText('Username'), 'd');
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await user.clear(screen.getByLabelText('Username'));
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('success: captcha "request_password_reset", the body, then the green notice instead of the form', async () => {
  const captcha: string[] = [];
  const api = mockApi({ [REQUEST]: { body: {} } });
  const { user, actions } = renderWidget(<RequestPasswordResetWidget />, {
    dependencies: {
      captcha: {
        getCaptchaToken: (action) => {
          captcha.push(action);
          return Promise.resolve('token-1');
        },
      },
    },
  });
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please check your email for a link to reset your password.');
  expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  // not a dead end: the way back to signing in
  expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/loanmanager/login/');
  expect(captcha).toEqual(['request_password_reset']);
  expect(api.sent(REQUEST).map((request) => request.body)).toEqual([{ username: 'dana.demo', recaptcha_response: 'token-1' }]);
  expect(flow(actions).filter((type) => !/\/field(Changed|Blurred)$/.test(type))).toEqual([
    'requestPasswordReset/formOpened',
    'requestPasswordReset/submitted',
    'requestPasswordReset/submissionStarted',
    'requestPasswordReset/captchaObtained',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'requestPasswordReset/submissionSucceeded',
  ]);
});

test.each([
  ['400', { status: 400, body: { errors: ['The captcha check failed. Please try again.'] } }],
  ['503', { status: 503 }],
])('failure (%s): the alert, and the form stays with its value', async (_, response) => {
  mockApi({ [REQUEST]: response });
  const { user } = renderWidget(<RequestPasswordResetWidget />);
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem requesting a password reset');
  expect(screen.getByLabelText('Username')).toHaveValue('dana.demo');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
});

test.each([
  ['the server says how long (its RESET_NONCE_MINUTES)', { link_minutes: 60 }, 'The link works for 60 minutes, and only once.'],
  ['a server that does not say', {}, 'The link works for a limited time, and only once.'],
  ['a 2xx that is not JSON (reported)', null, 'The link works for a limited time, and only once.'],
])('success, %s: the spec\'s green notice verbatim, then how long the link works', async (_, body, lifetime) => {
  mockApi({ [REQUEST]: body ? { body } : { html: '<html>OK</html>' } });
  const { user, reported } = renderWidget(<RequestPasswordResetWidget />);
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const notice = await screen.findByRole('alert');
  // antd's title and description are two blocks: their texts meet without a space
  expect(notice).toHaveTextContent(`Please check your email for a link to reset your password.${lifetime}`);
  expect(reported).toHaveLength(body ? 0 : 1);
});

test.each([
  ['a network failure', null],
  ['a 502', { status: 502, html: '<html>Bad Gateway</html>' }],
])('%s: the spec\'s alert, then "could not reach" and try again in a few minutes, focused, the form kept', async (_, response) => {
  const api = mockApi(response ? { [REQUEST]: response } : {});
  if (!response) api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  const { user } = renderWidget(<RequestPasswordResetWidget />);
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const alert = await screen.findByRole('alert');
  // antd's title and description are two blocks: their texts meet without a space
  expect(alert).toHaveTextContent(
    'There was a problem requesting a password resetWe could not reach the service, or it had a problem. What you typed is kept: please try again in a few minutes.',
  );
  expect(alert).not.toHaveTextContent(/check your username/);
  await waitFor(() => expect(alert.parentElement).toHaveFocus());
  expect(screen.getByLabelText('Username')).toHaveValue('dana.demo');
  expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
});

test('a 400: the spec\'s alert, then check the username', async () => {
  mockApi({ [REQUEST]: { status: 400, body: { errors: ['The captcha check failed.'] } } });
  const { user } = renderWidget(<RequestPasswordResetWidget />);
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'There was a problem requesting a password resetPlease check your username and try again.',
  );
});

test('a username typed with spaces around it is sent without them', async () => {
  const api = mockApi({ [REQUEST]: { body: {} } });
  const { user } = renderWidget(<RequestPasswordResetWidget />);
  await user.type(screen.getByLabelText('Username'), ' nora.newcomer ');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please check your email for a link to reset your password.');
  expect(api.sent(REQUEST).map((request) => (request.body as { username: string }).username)).toEqual(['nora.newcomer']);
});

describe('in Spanish', () => {
  test('the heading, the field, the button and the link', () => {
    renderWidget(<RequestPasswordResetWidget />, { i18n: testI18n('es') });
    expect(screen.getByRole('heading', { level: 1, name: '¿Tiene problemas para iniciar sesión?' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Solicitar el restablecimiento de la contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de usuario')).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    expect(screen.getByText(/¿Olvidó su nombre de usuario\?/)).toHaveTextContent('¿Olvidó su nombre de usuario? Recupere su nombre de usuario');
    expect(screen.getByRole('link', { name: 'Recupere su nombre de usuario' })).toHaveAttribute('href', '/loanmanager/recover_username');
  });

  test('a failure and then an emptied field: the alert and the required error in Spanish', async () => {
    mockApi({ [REQUEST]: { status: 503 } });
    const { user, store } = renderWidget(<RequestPasswordResetWidget />, { i18n: testI18n('es') });
    await user.type(screen.getByLabelText('Nombre de usuario'), 'dana.demo');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un problema al solicitar el restablecimiento de la contraseña');
    expect(store.getState().requestPasswordReset.serverMessage).toBe('passwordReset.requestFailed');
    await user.clear(screen.getByLabelText('Nombre de usuario'));
    expect(screen.getByLabelText('Nombre de usuario')).toHaveAccessibleDescription('Este campo es obligatorio');
  });

  test('success: the green notice in Spanish', async () => {
    mockApi({ [REQUEST]: { body: {} } });
    const { user } = renderWidget(<RequestPasswordResetWidget />, { i18n: testI18n('es') });
    await user.type(screen.getByLabelText('Nombre de usuario'), 'dana.demo');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Busque en su correo electrónico el enlace para restablecer su contraseña.');
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace funciona por un tiempo limitado y una sola vez.');
  });
});

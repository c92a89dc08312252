import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import { mockApi } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import { loginAfterInactivity } from '../../lib/portalUrls';
import LoginWidget from './LoginWidget';

jest.setTimeout(30_000);

const LOGIN = 'POST account/login/';
const signIn = () => screen.getByRole('button', { name: /Sign in$/ });

async function fillAndSubmit(user: ReturnType<typeof renderWidget>['user']) {
  await user.type(screen.getByLabelText('Username'), 'dana.demo');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Demo-pass1!');
  await user.click(signIn());
}

test('title, fields, links', () => {
  renderWidget(<LoginWidget />);
  expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
  expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/loanmanager/register/');
  expect(screen.getByRole('link', { name: 'Forgot your username?' })).toHaveAttribute('href', '/loanmanager/recover_username/');
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/loanmanager/request_password_reset');
});

test('says "Caps Lock is on" while a password is typed with it on, in the field\'s live region, until it goes off or the field is left', async () => {
  const { user } = renderWidget(<LoginWidget />);
  const password = screen.getByLabelText('Password', { selector: 'input' });
  await user.click(password);
  await user.keyboard('d');
  expect(screen.queryByText('Caps Lock is on')).not.toBeInTheDocument();
  await user.keyboard('{CapsLock}D');
  expect(within(password.closest('.lm-form-item') as HTMLElement).getByRole('status')).toHaveTextContent('Caps Lock is on');
  expect(password).toHaveAccessibleDescription('Caps Lock is on');
  await user.keyboard('{CapsLock}a');
  expect(screen.queryByText('Caps Lock is on')).not.toBeInTheDocument();
  await user.keyboard('{CapsLock}A');
  expect(screen.getByText('Caps Lock is on')).toBeInTheDocument();
  await user.tab();
  expect(screen.queryByText('Caps Lock is on')).not.toBeInTheDocument();
});

test('an empty submit shows required errors and focuses the username', async () => {
  const api = mockApi({});
  const { user } = renderWidget(<LoginWidget />);
  await user.click(signIn());
  expect(screen.getByLabelText('Username')).toHaveFocus();
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([english(MESSAGES.required), english(MESSAGES.required)]);
  expect(api.requests).toHaveLength(0);
});

test.each([
  ['several loans', [{ loanno: '1' }, { loanno: '2' }], '/loanmanager/main/'],
  ['one loan', [{ loanno: '1' }], '/loanmanager/loanoverview/'],
])('success with %s: a full page load of the landing page', async (_, loans, url) => {
  const api = mockApi({ [LOGIN]: { body: { available_loans: loans } } });
  const { user, visited, actions } = renderWidget(<LoginWidget />);
  await fillAndSubmit(user);
  await waitFor(() => expect(visited).toEqual([{ url, fullReload: true }]));
  expect(api.sent(LOGIN)[0]?.body).toEqual({ username: 'dana.demo', password: 'Demo-pass1!' });
  expect(actions.of('login', 'api/executeMutation').filter((type) => !/\/field(Changed|Blurred)$/.test(type))).toEqual([
    'login/formOpened',
    'login/submitted',
    'login/submissionStarted',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'login/submissionSucceeded',
    'login/redirected',
  ]);
});

test('after a password reset the page says the password has been changed; otherwise it says nothing of it', () => {
  window.history.replaceState(null, '', '/loanmanager/login/?password_changed=1');
  try {
    renderWidget(<LoginWidget />);
    expect(screen.getByText('Your password has been changed. Sign in with your new password.').closest('[role="status"]')).not.toBeNull();
  } finally {
    window.history.replaceState(null, '', '/');
  }
});

test('an ordinary visit shows no password notice', () => {
  renderWidget(<LoginWidget />);
  expect(screen.queryByText(/Your password has been changed/)).toBeNull();
});

test('signed out for inactivity: the page says why, and signing in returns to the page the borrower was on', async () => {
  window.history.replaceState(null, '', loginAfterInactivity('/loanmanager/profile/'));
  try {
    mockApi({ [LOGIN]: { body: { available_loans: [{ loanno: '1' }] } } });
    const { user, visited } = renderWidget(<LoginWidget />);
    expect(screen.getByText('You were signed out because you were inactive. Sign in again to continue.').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/Your password has been changed/)).toBeNull();
    await fillAndSubmit(user);
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/profile/', fullReload: true }]));
  } finally {
    window.history.replaceState(null, '', '/');
  }
});

test('an ordinary visit says nothing of inactivity', () => {
  renderWidget(<LoginWidget />);
  expect(screen.queryByText(english('login.signedOutInactive'))).toBeNull();
});

describe('sent to sign in from a signed-in page (?next=)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test.each([
    ['/loanmanager/go-green/', '/loanmanager/go-green/'],
    // never another site (every rule: src/lib/portalUrls.test.ts)
    ['//evil.example/loanmanager/', '/loanmanager/loanoverview/'],
  ])('next=%s lands on %s', async (next, landing) => {
    window.history.replaceState(null, '', `/loanmanager/login/?next=${encodeURIComponent(next)}`);
    mockApi({ [LOGIN]: { body: { available_loans: [{ loanno: '1' }] } } });
    const { user, visited } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(visited).toEqual([{ url: landing, fullReload: true }]));
  });
});

test.each([
  [400, 'The username or password is incorrect.', 0],
  [401, 'The username or password is incorrect.', 0],
  // the server's sign-in lockout (and rate limit): expected, so not reported
  [429, 'Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.', 0],
  [500, 'There was a problem signing in. Please try again later.', 1],
])('failure %i: %s', async (status, message, reports) => {
  mockApi({ [LOGIN]: { status, body: { errors: ['Invalid username or password.'] } } });
  const { user, reported, visited } = renderWidget(<LoginWidget />);
  await fillAndSubmit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(reported).toHaveLength(reports);
  expect(visited).toEqual([]);
});

test('the username is sent without the spaces around it (the password as typed)', async () => {
  const api = mockApi({ [LOGIN]: { body: { available_loans: [{ loanno: '1' }] } } });
  const { user, visited } = renderWidget(<LoginWidget />);
  await user.type(screen.getByLabelText('Username'), '  dana.demo ');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), ' Demo-pass1! ');
  await user.click(signIn());
  await waitFor(() => expect(visited).toHaveLength(1));
  expect(api.sent(LOGIN)[0]?.body).toEqual({ username: 'dana.demo', password: ' Demo-pass1! ' });
});

test('a refused sign-in leaves no green tick beside either field', async () => {
  mockApi({ [LOGIN]: { status: 400, body: { errors: ['Invalid username or password.'] } } });
  const { user } = renderWidget(<LoginWidget />);
  await fillAndSubmit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is incorrect.');
  for (const label of ['Username', 'Password']) {
    const field = screen.getByLabelText(label, { selector: 'input' }).closest<HTMLElement>('.lm-form-item')!;
    expect(within(field).queryByLabelText('check-circle')).not.toBeInTheDocument();
  }
});

describe('in Spanish', () => {
  const spanish = () => renderWidget(<LoginWidget />, { i18n: testI18n('es') });

  test('the heading, fields, button and links', () => {
    spanish();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre de usuario')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: /Iniciar sesión$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar' })).toHaveAttribute('aria-pressed', 'false');
    const help = screen.getByRole('navigation', { name: 'Ayuda con la cuenta' });
    expect(within(help).getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/loanmanager/register/');
    expect(within(help).getByRole('link', { name: '¿Olvidó su nombre de usuario?' })).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeInTheDocument();
  });

  test('an empty submit: the required errors in Spanish', async () => {
    mockApi({});
    const { user } = spanish();
    await user.click(screen.getByRole('button', { name: /Iniciar sesión$/ }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Este campo es obligatorio', 'Este campo es obligatorio']);
  });

  test('a refused sign-in: the alert in Spanish (the store keeps the id)', async () => {
    mockApi({ [LOGIN]: { status: 401, body: { errors: ['Invalid username or password.'] } } });
    const { user, store } = spanish();
    await user.type(screen.getByLabelText('Nombre de usuario'), 'dana.demo');
    await user.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'Demo-pass1!');
    await user.click(screen.getByRole('button', { name: /Iniciar sesión$/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El nombre de usuario o la contraseña no son correctos.');
    expect(store.getState().login.serverMessage).toBe('login.incorrect');
  });
});

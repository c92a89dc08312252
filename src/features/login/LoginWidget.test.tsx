import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import { fakeWebAuthn, removeWebAuthn } from '../../testing/fakeWebAuthn';
import { mockApi } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import { loginAfterInactivity } from '../../lib/portalUrls';
import { defaultConfig } from '../../platform/config';
import LoginWidget from './LoginWidget';

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
    // the loan asked for (issue 39, E7)
    ['/loanmanager/loanoverview/?loanno=9000000003', '/loanmanager/loanoverview/?loanno=9000000003'],
    // never another site (every rule: src/lib/portalUrls.test.ts)
    ['//evil.example/loanmanager/', '/loanmanager/loanoverview/'],
    ['https://evil.example/loanmanager/', '/loanmanager/loanoverview/'],
    ['/\\evil.example/', '/loanmanager/loanoverview/'],
    ['%2F%2Fevil.example%2F', '/loanmanager/loanoverview/'],
    ['/loanmanager/loanoverview/?loanno=//evil.example', '/loanmanager/loanoverview/'],
  ])('next=%s lands on %s', async (next, landing) => {
    window.history.replaceState(null, '', `/loanmanager/login/?next=${encodeURIComponent(next)}`);
    mockApi({ [LOGIN]: { body: { available_loans: [{ loanno: '1' }] } } });
    const { user, visited } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(visited).toEqual([{ url: landing, fullReload: true }]));
  });
});

test('a 2xx whose answer does not fit the contract signs in all the same: the portal\'s home, no failure shown, reported (issue 39)', async () => {
  window.history.replaceState(null, '', '/loanmanager/login/');
  mockApi({ [LOGIN]: { body: { signed_in: true } } });
  const { user, reported, visited } = renderWidget(<LoginWidget />);
  await fillAndSubmit(user);
  await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/', fullReload: true }]));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(reported).toHaveLength(1);
});

test.each([
  [400, 'The username or password is incorrect.', 0],
  [401, 'The username or password is incorrect.', 0],
  // the rate limit (a 429 without the pause's minutes): expected, so not reported
  [429, 'Too many sign-in attempts. Please wait a minute and try again.', 0],
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

/** Whether the field labelled `label` shows a success mark (antd's status class, or its tick). */
function hasSuccessMark(label: string) {
  const field = screen.getByLabelText(label, { selector: 'input' }).closest<HTMLElement>('.lm-form-item')!;
  return field.className.includes('-form-item-has-success') || field.querySelector('[data-icon="check-circle"]') !== null;
}

test('a refused sign-in leaves no green tick beside either field', async () => {
  mockApi({ [LOGIN]: { status: 400, body: { errors: ['Invalid username or password.'] } } });
  const { user } = renderWidget(<LoginWidget />);
  await fillAndSubmit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('The username or password is incorrect.');
  expect(['Username', 'Password'].filter(hasSuccessMark)).toEqual([]);
});

describe('issue 39, E4: a refused password, the last attempt, the pause', () => {
  const PAUSED = { status: 429, body: { errors: ['Too many failed sign-in attempts…'], lockout_minutes: 7 } };
  const LAST_ATTEMPT = {
    status: 400,
    body: { errors: ['Invalid username or password.', 'One attempt left…'], attempts_left: 1, lockout_minutes: 7 },
  };
  const password = () => screen.getByLabelText('Password', { selector: 'input' });
  /** What a browser does to the pressed button, disabled while the request runs (jsdom does not: its blur keeps a disabled button focused). */
  const dropFocusToThePage = () => {
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
  };

  test('a wrong password: said on the password field, marked invalid and announced, until it is changed', async () => {
    mockApi({ [LOGIN]: { status: 400, body: { errors: ['Invalid username or password.'] } } });
    const { user } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(password()).toHaveAttribute('aria-invalid', 'true'));
    expect(password()).toHaveAccessibleDescription('The username or password is incorrect.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['The username or password is incorrect.']);
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    await user.type(password(), 'x');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    // and the username alone may be retyped and sent again
    expect(hasSuccessMark('Password')).toBe(false);
  });

  test('focus fallen to the page while the request ran goes to the refused password, its text selected', async () => {
    mockApi({
      [LOGIN]: () => {
        dropFocusToThePage();
        return { status: 400, body: { errors: ['Invalid username or password.'] } };
      },
    });
    const { user } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(password()).toHaveFocus());
    const input = password() as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Demo-pass1!'.length]);
  });

  test('the attempt before the last warns that one is left, with the pause’s minutes, and takes focus', async () => {
    mockApi({
      [LOGIN]: () => {
        dropFocusToThePage();
        return LAST_ATTEMPT;
      },
    });
    const { user } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    const warning =
      'You have one attempt left. After one more wrong password, sign-in is paused for up to 7 minutes. If you are not sure of your password, reset it instead.';
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['The username or password is incorrect.', warning]));
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toHaveTextContent(warning);
  });

  test('the attempt that pauses sign-in says so at once, for the server’s minutes; nothing on the fields, no tick', async () => {
    mockApi({ [LOGIN]: PAUSED });
    const { user, reported } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords: sign-in is paused for up to 7 minutes. Please try again after that, or reset your password now.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(['Username', 'Password'].filter(hasSuccessMark)).toEqual([]);
    expect(reported).toHaveLength(0);
  });

  test('a pause after a wrong password takes the wrong password’s error off the field', async () => {
    let answer: typeof PAUSED | typeof LAST_ATTEMPT = LAST_ATTEMPT;
    mockApi({ [LOGIN]: () => answer });
    const { user } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(password()).toHaveAttribute('aria-invalid', 'true'));
    answer = PAUSED;
    await user.click(signIn());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/paused for up to 7 minutes/));
    expect(password()).not.toHaveAttribute('aria-invalid');
  });

  test.each([
    ['signed in', { status: 200, body: { available_loans: [{ loanno: '1' }, { loanno: '2' }] } }],
    ['a server failure', { status: 500, body: {} }],
  ])('no green tick on either field after %s either', async (_, response) => {
    mockApi({ [LOGIN]: response });
    const { user } = renderWidget(<LoginWidget />);
    await fillAndSubmit(user);
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign in$/ })).toBeEnabled());
    expect(['Username', 'Password'].filter(hasSuccessMark)).toEqual([]);
  });

  test('in Spanish: the warning and the pause', async () => {
    let answer: typeof PAUSED | typeof LAST_ATTEMPT = LAST_ATTEMPT;
    mockApi({ [LOGIN]: () => answer });
    const { user } = renderWidget(<LoginWidget />, { i18n: testI18n('es') });
    await user.type(screen.getByLabelText('Nombre de usuario'), 'dana.demo');
    await user.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'Demo-pass1!');
    await user.click(screen.getByRole('button', { name: /Iniciar sesión$/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'El nombre de usuario o la contraseña no son correctos.',
        'Le queda un intento. Si ingresa otra contraseña incorrecta, el inicio de sesión se pausará durante un máximo de 7 minutos. Si no está seguro de su contraseña, restablézcala.',
      ]),
    );
    answer = PAUSED;
    await user.click(screen.getByRole('button', { name: /Iniciar sesión$/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Demasiadas contraseñas incorrectas: el inicio de sesión está en pausa durante un máximo de 7 minutos. Vuelva a intentarlo después o restablezca su contraseña ahora.',
      ),
    );
  });
});

describe('issue 39: after signing out', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test.each([
    ['en', 'You have signed out.'],
    ['es', 'Ha cerrado la sesión.'],
  ] as const)('the page the header’s "Sign out" lands on says so, as a status (%s)', (locale, text) => {
    window.history.replaceState(null, '', '/loanmanager/login/?signed_out=1');
    renderWidget(<LoginWidget />, { i18n: testI18n(locale) });
    expect(screen.getByText(text).closest('[role="status"]')).not.toBeNull();
  });

  test('a plain visit says nothing of it; the inactivity sign-out says its own, not both', () => {
    renderWidget(<LoginWidget />);
    expect(screen.queryByText('You have signed out.')).toBeNull();
    window.history.replaceState(null, '', '/loanmanager/login/?signed_out=1&inactive=1');
    renderWidget(<LoginWidget />);
    expect(screen.queryByText('You have signed out.')).toBeNull();
    expect(screen.getByText(english('login.signedOutInactive'))).toBeInTheDocument();
  });
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
    // on the password field, which the store names (the text is the catalog's)
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAccessibleDescription('El nombre de usuario o la contraseña no son correctos.');
    expect(store.getState().login.rejectedFields).toEqual(['username', 'password']);
  });
});

describe('passkeys (issue 49)', () => {
  const PASSKEY_OPTIONS = 'POST account/passkey/options/';
  const PASSKEY_LOGIN = 'POST account/passkey/login/';
  const withPasskeys = { dependencies: { config: defaultConfig({ passkeys: true }) } };
  const browserWithWebAuthn = (refuse?: string) => fakeWebAuthn(refuse).get;
  afterEach(removeWebAuthn);

  test('no passkey button where the server does not offer passkeys, nor where the browser has no WebAuthn', async () => {
    browserWithWebAuthn();
    const offered = renderWidget(<LoginWidget />, withPasskeys);
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    offered.unmount();
    const notOffered = renderWidget(<LoginWidget />);
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username'));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    notOffered.unmount();
    removeWebAuthn();
    renderWidget(<LoginWidget />, withPasskeys);
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username webauthn');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  test('the button signs in with the passkey the browser gives, to the landing page', async () => {
    const get = browserWithWebAuthn();
    const api = mockApi({ [PASSKEY_OPTIONS]: { body: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } }, [PASSKEY_LOGIN]: { body: { available_loans: [{ loanno: '1' }] } } });
    const { user, visited } = renderWidget(<LoginWidget />, withPasskeys);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/loanoverview/', fullReload: true }]));
    expect(get).toHaveBeenCalledTimes(1);
    expect(api.sent(PASSKEY_LOGIN).map(({ body }) => body)).toEqual([{ credential: expect.objectContaining({ id: 'Y3JlZA', type: 'public-key' }) }]);
  });

  test('a refused passkey says so above the button', async () => {
    browserWithWebAuthn();
    mockApi({ [PASSKEY_OPTIONS]: { body: { challenge: 'Y2hhbGxlbmdl' } }, [PASSKEY_LOGIN]: { status: 400, body: { errors: ['refused'] } } });
    const { user } = renderWidget(<LoginWidget />, withPasskeys);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('That passkey could not be used. Try again, or sign in with your password.')).toBeInTheDocument();
  });

  test('closing the browser prompt changes nothing and says nothing', async () => {
    browserWithWebAuthn('NotAllowedError');
    const api = mockApi({ [PASSKEY_OPTIONS]: { body: { challenge: 'Y2hhbGxlbmdl' } } });
    const { user, reported } = renderWidget(<LoginWidget />, withPasskeys);
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(api.sent(PASSKEY_LOGIN)).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reported).toEqual([]);
  });
});

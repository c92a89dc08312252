import { screen, waitFor } from '@testing-library/react';
import { redact } from '../../platform/redaction';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import VerifyEmailWidget from './VerifyEmailWidget';

const VERIFY = 'POST anon-user/verify_email/';

afterEach(() => window.history.replaceState(null, '', '/'));

test('"Verifying..." then verified; the nonce comes from the query string and is redacted in the action log', async () => {
  window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=abc123');
  let answer: (response: MockResponse) => void = () => undefined;
  const api = mockApi({ [VERIFY]: () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
  const { actions } = renderWidget(<VerifyEmailWidget />);
  expect(screen.getByRole('status')).toHaveTextContent('Verifying...');
  const whatIsGoingOn = 'We are checking the link from your email. This takes a few seconds; please keep this tab open.';
  expect(screen.getByText(whatIsGoingOn)).toBeVisible();
  await waitFor(() => expect(api.sent(VERIFY)).toHaveLength(1));
  expect(api.sent(VERIFY)[0]?.body).toEqual({ nonce: 'abc123' });
  // ...and the nonce has left the address bar (history, bookmarks), the path staying as it was.
  expect(`${window.location.pathname}${window.location.search}`).toBe('/loanmanager/verify_email/');
  answer({ body: { email_validated: true } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your email has been verified. You may now close this tab.');
  // no longer true once answered: the line goes with the spinner
  expect(screen.queryByText(whatIsGoingOn)).not.toBeInTheDocument();
  expect(actions.of('verifyEmail', 'api/executeMutation')).toEqual([
    'verifyEmail/opened',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'verifyEmail/verified',
  ]);
  for (const action of actions.actions) expect(JSON.stringify(redact(action))).not.toContain('abc123');
});

test.each([
  ['a used or expired nonce', '?nonce=used', { status: 400, body: { errors: ['This verification link is invalid or has expired.'] } }, 1],
  ['no nonce', '', { body: {} }, 0],
])('%s: the problem message', async (_, search, response, requests) => {
  window.history.replaceState(null, '', `/loanmanager/verify_email/${search}`);
  const api = mockApi({ [VERIFY]: response });
  const { reported } = renderWidget(<VerifyEmailWidget />);
  expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem verifying your email address.');
  // signed in, the borrower can have a new link sent
  expect(screen.getByRole('link', { name: 'Sign in to send a new link' })).toHaveAttribute('href', '/loanmanager/login/');
  expect(api.sent(VERIFY)).toHaveLength(requests);
  expect(reported).toEqual([]);
});

test.each<[string, MockHandler | MockResponse]>([
  ['a server failure (502)', { status: 502 }],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
])('%s: "could not check" (reported), not the problem message, and Try again sends the nonce again', async (_, answer) => {
  window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=n');
  let failing = true;
  const api = mockApi({
    [VERIFY]: (request) => {
      if (!failing) return { body: { email_validated: true } };
      return typeof answer === 'function' ? answer(request) : answer;
    },
  });
  const { reported, user } = renderWidget(<VerifyEmailWidget />);
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your link. Please try again.');
  expect(screen.queryByText('There was a problem verifying your email address.')).not.toBeInTheDocument();
  expect(reported).toHaveLength(1);
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your email has been verified. You may now close this tab.');
  expect(api.sent(VERIFY).map((request) => request.body)).toEqual([{ nonce: 'n' }, { nonce: 'n' }]);
});

test('a check that fails again after Try again: the message comes back, focused (the button pressed is gone)', async () => {
  window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=n');
  mockApi({ [VERIFY]: { status: 503, body: {} } });
  const { user } = renderWidget(<VerifyEmailWidget />);
  await screen.findByRole('alert');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
  expect(screen.getByRole('alert')).toHaveTextContent('We could not check your link. Please try again.');
});

test('a 2xx whose body is not JSON: the address was verified, so the success (and the misfit reported)', async () => {
  window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=n');
  mockApi({ [VERIFY]: { html: '<html>OK</html>' } });
  const { reported } = renderWidget(<VerifyEmailWidget />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Your email has been verified. You may now close this tab.');
  expect(reported).toHaveLength(1);
});

describe('in Spanish', () => {
  test('the heading and "Verificando..." while the link is checked, then verified', async () => {
    window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=abc123');
    let answer: (response: MockResponse) => void = () => undefined;
    const api = mockApi({ [VERIFY]: () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
    renderWidget(<VerifyEmailWidget />, { i18n: testI18n('es') });
    expect(screen.getByRole('heading', { level: 1, name: 'Verificar correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verificando...');
    await waitFor(() => expect(api.sent(VERIFY)).toHaveLength(1));
    answer({ body: { email_validated: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Verificamos su correo electrónico. Ya puede cerrar esta pestaña.');
  });

  test('a refused link: the problem message in Spanish', async () => {
    window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=used');
    mockApi({ [VERIFY]: { status: 400, body: { errors: ['Este enlace no es válido.'] } } });
    renderWidget(<VerifyEmailWidget />, { i18n: testI18n('es') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Hubo un problema al verificar su correo electrónico.');
  });

  test('no answer: "could not check" and Try again in Spanish', async () => {
    window.history.replaceState(null, '', '/loanmanager/verify_email/?nonce=n');
    mockApi({ [VERIFY]: { status: 502 } });
    renderWidget(<VerifyEmailWidget />, { i18n: testI18n('es') });
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos comprobar su enlace. Inténtelo de nuevo.');
    expect(screen.getByRole('button', { name: 'Inténtelo de nuevo' })).toBeInTheDocument();
  });
});

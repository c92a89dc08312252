import { screen, waitFor } from '@testing-library/react';
import { DUMMY_CAPTCHA_TOKEN } from '../../platform/captcha';
import { RECOVERY_CACHE_KEY } from '../../lib/recoveryCache';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import { mockApi } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import { recoverUsernameSlice } from './recoverUsernameSlice';
import RecoverUsernameWidget from './RecoverUsernameWidget';

const RECOVER = 'POST account/recover_username/';
const submit = () => screen.getByRole('button', { name: /Recover Username$/ });
const flow = (log: { of: (...domains: string[]) => string[] }) => log.of('recoverUsername', 'api/executeMutation');

function renderFilled() {
  return renderWidget(<RecoverUsernameWidget />, {
    preloadedState: {
      recoverUsername: {
        ...recoverUsernameSlice.getInitialState(),
        values: { loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' },
      },
    },
  });
}

test('the title and the three fields; an empty submit focuses the loan number and sends nothing', async () => {
  const api = mockApi({});
  const { user, actions } = renderWidget(<RecoverUsernameWidget />);
  expect(screen.getByRole('heading', { level: 1, name: 'Recover Username' })).toBeInTheDocument();
  await user.click(submit());
  expect(screen.getByLabelText('Loan Number')).toHaveFocus();
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(Array(3).fill(english(MESSAGES.required)));
  expect(flow(actions)).toEqual([
    'recoverUsername/formOpened',
    'recoverUsername/opened',
    'recoverUsername/submitted',
    'recoverUsername/validationFailed',
  ]);
  expect(api.requests).toHaveLength(0);
});

test('cached details from registration: filled, submitted automatically, and removed from storage at once', async () => {
  window.sessionStorage.setItem(
    RECOVERY_CACHE_KEY,
    JSON.stringify({ loanno: '9000000001', ssn: '900000001', dob: '1980-01-15' }),
  );
  let storedWhenSent: string | null = 'not sent';
  const api = mockApi({
    [RECOVER]: () => {
      storedWhenSent = window.sessionStorage.getItem(RECOVERY_CACHE_KEY);
      return { body: { email_address: 'd***@example.com' } };
    },
  });
  const { actions } = renderWidget(<RecoverUsernameWidget />);
  expect(await screen.findByRole('alert')).toHaveTextContent(english('recoverUsername.succeeded', { email: 'd***@example.com' }));
  expect(storedWhenSent).toBeNull();
  expect(window.sessionStorage.getItem(RECOVERY_CACHE_KEY)).toBeNull();
  expect(api.sent(RECOVER).map((request) => request.body)).toEqual([
    { loanno: '9000000001', ssn: '900000001', dob: '1980-01-15', recaptcha_response: DUMMY_CAPTCHA_TOKEN },
  ]);
  expect(flow(actions)).toEqual([
    'recoverUsername/formOpened',
    'recoverUsername/opened',
    'recoverUsername/fieldChanged',
    'recoverUsername/cachedDetailsRestored',
    'recoverUsername/submitted',
    'recoverUsername/submissionStarted',
    'recoverUsername/captchaObtained',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'recoverUsername/submissionSucceeded',
  ]);
});

test('success: the message with the address and a link to the login page', async () => {
  const captcha: string[] = [];
  mockApi({ [RECOVER]: { body: { email_address: 'dana.demo@example.com' } } });
  const { user } = renderWidget(<RecoverUsernameWidget />, {
    preloadedState: {
      recoverUsername: {
        ...recoverUsernameSlice.getInitialState(),
        values: { loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' },
      },
    },
    dependencies: {
      captcha: {
        getCaptchaToken: (action) => {
          captcha.push(action);
          return Promise.resolve('t');
        },
      },
    },
  });
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(
    'Your username has been emailed to you at dana.demo@example.com. If you do not receive it, please wait a few minutes and check your spam folder.',
  );
  expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/loanmanager/login/');
  expect(captcha).toEqual(['recover_username']);
});

test.each([
  ['a 400', { status: 400, body: { errors: ['We could not find a registered account for those details.'] } }, false],
  ['a 500', { status: 500, body: {} }, true],
])('failure (%s): the recovery problem alert, the form stays usable', async (_, response, reportedExpected) => {
  mockApi({ [RECOVER]: response });
  const { user, reported } = renderFilled();
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('There was a problem recovering your username.');
  expect(submit()).toBeEnabled();
  expect(reported.length > 0).toBe(reportedExpected);
});

test('failure (a 400): the spec\'s text, then what to check and a link to register, focused; no server text; what was typed is kept', async () => {
  mockApi({ [RECOVER]: { status: 400, body: { errors: ['We could not find a registered account for those details.'] } } });
  const { user } = renderFilled();
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  // antd's title and description are two blocks: their texts meet without a space
  expect(alert).toHaveTextContent(
    'There was a problem recovering your username.Please check your loan number, Social Security Number and date of birth, and try again. Not registered yet? Register.',
  );
  expect(alert).not.toHaveTextContent(/registered account for those/);
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/loanmanager/register/');
  await waitFor(() => expect(alert.parentElement).toHaveFocus());
  expect(screen.getByLabelText('Loan Number')).toHaveValue('9000000001');
  expect(screen.getByLabelText('Date of Birth')).toHaveValue('01/15/1980');
});

test.each([
  ['a 503', { status: 503, html: '<html>Service Unavailable</html>' }],
  ['a 500', { status: 500, body: {} }],
  ['a network failure', null],
])('failure (%s): the spec\'s text, then "could not reach", never "check your details" nor "register"; what was typed is kept', async (_, response) => {
  const api = mockApi(response ? { [RECOVER]: response } : {});
  if (!response) api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  const { user } = renderFilled();
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(
    'There was a problem recovering your username.We could not reach the service, or it had a problem. What you typed is kept: please try again in a few minutes.',
  );
  expect(alert).not.toHaveTextContent(/check|Register|Unavailable|Failed/);
  expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  await waitFor(() => expect(alert.parentElement).toHaveFocus());
  expect(screen.getByLabelText('Loan Number')).toHaveValue('9000000001');
  expect(screen.getByLabelText('Loan Number')).not.toHaveAttribute('aria-invalid', 'true');
});

test('failure (a 429): the spec\'s text, then wait a minute', async () => {
  mockApi({ [RECOVER]: { status: 429, body: {} } });
  const { user } = renderFilled();
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'There was a problem recovering your username.Too many attempts. Please wait a minute and try again.',
  );
});

test('a 2xx whose answer has no address: the username was sent, and the borrower is told so (without an address)', async () => {
  mockApi({ [RECOVER]: { body: { sent: true } } });
  const { user } = renderFilled();
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your username has been emailed to you. If you do not receive it, please wait a few minutes and check your spam folder.',
  );
  expect(screen.queryByText(/There was a problem/)).not.toBeInTheDocument();
});

test('a 2xx whose answer is not JSON: reported, and still a success', async () => {
  mockApi({ [RECOVER]: { html: '<html>OK</html>' } });
  const { user, reported } = renderFilled();
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Your username has been emailed to you\./);
  expect(reported).toHaveLength(1);
});

describe('opened again in the portal app (the store outlives the page)', () => {
  const withForm = (status: 'succeeded' | 'idle') =>
    renderWidget(<RecoverUsernameWidget />, {
      preloadedState: {
        recoverUsername: {
          ...recoverUsernameSlice.getInitialState(),
          values: { loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' },
          status,
          serverMessage: status === 'succeeded' ? 'Your username has been emailed to you.' : null,
        },
      },
    });

  test('after a success: an empty form again, not the old message', async () => {
    withForm('succeeded');
    expect(await screen.findByRole('button', { name: /Recover Username$/ })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loan Number')).toHaveValue('');
  });

  test('in progress: everything typed is still there', async () => {
    withForm('idle');
    expect(await screen.findByLabelText('Loan Number')).toHaveValue('9000000001');
    expect(screen.getByLabelText('Social Security Number')).toHaveValue('900-00-0001'); // fake demo SSN
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('01/15/1980');
  });
});

describe('in Spanish', () => {
  test('the heading, the fields and the button; an empty submit says what is required in Spanish', async () => {
    mockApi({});
    const { user } = renderWidget(<RecoverUsernameWidget />, { i18n: testI18n('es') });
    expect(screen.getByRole('heading', { level: 1, name: 'Recuperar nombre de usuario' })).toBeInTheDocument();
    expect(screen.getByText(/^Ingrese su número de préstamo/)).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAccessibleDescription('MM/DD/AAAA');
    await user.click(screen.getByRole('button', { name: /Recuperar nombre de usuario$/ }));
    expect(screen.getByLabelText('Número de préstamo')).toHaveFocus();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(Array(3).fill('Este campo es obligatorio'));
  });

  /** The form filled in (Dana's demo details, fake SSN), submitted from the Spanish button. */
  async function submitFilledInSpanish() {
    const rendered = renderWidget(<RecoverUsernameWidget />, {
      i18n: testI18n('es'),
      preloadedState: {
        recoverUsername: {
          ...recoverUsernameSlice.getInitialState(),
          values: { loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' },
        },
      },
    });
    await rendered.user.click(screen.getByRole('button', { name: /Recuperar nombre de usuario$/ }));
    return rendered;
  }

  test('success: the message with the address in Spanish (the store keeps the id and the address)', async () => {
    mockApi({ [RECOVER]: { body: { email_address: 'd***@example.com' } } });
    const { store } = await submitFilledInSpanish();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le enviamos su nombre de usuario por correo electrónico a d***@example.com. Si no lo recibe, espere unos minutos y revise su carpeta de correo no deseado.',
    );
    expect(screen.getByRole('link', { name: 'Ir a la página de inicio de sesión' })).toHaveAttribute('href', '/loanmanager/login/');
    expect(store.getState().recoverUsername).toMatchObject({
      serverMessage: 'recoverUsername.succeeded',
      messageValues: { email: 'd***@example.com' },
    });
  });

  test('failure: the recovery problem alert in Spanish', async () => {
    mockApi({ [RECOVER]: { status: 400, body: { errors: ['No se encontró la cuenta.'] } } });
    await submitFilledInSpanish();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Hubo un problema al recuperar su nombre de usuario.');
    expect(alert).toHaveTextContent('¿Todavía no se registró? Regístrese.');
    expect(screen.getByRole('link', { name: 'Regístrese' })).toHaveAttribute('href', '/loanmanager/register/');
  });

  test('a network failure: the recovery problem alert, then "could not reach" in Spanish', async () => {
    const api = mockApi({});
    api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await submitFilledInSpanish();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Hubo un problema al recuperar su nombre de usuario.');
    expect(alert).toHaveTextContent('No pudimos comunicarnos con el servicio');
    expect(alert).not.toHaveTextContent(/Revise|Regístrese/);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { redact } from '../../platform/redaction';
import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import type { RegistrationValues } from '../../lib/validation/rules';
import { RECOVERY_CACHE_KEY } from '../../lib/recoveryCache';
import { mockApi, type MockResponse } from '../../testing/mockApi';
import { renderWidget, type RenderWidgetOptions } from '../../testing/renderWidget';
import { DUMMY_CAPTCHA_TOKEN } from '../../platform/captcha';
import { testI18n } from '../../testing/testI18n';
import { registrationSlice } from './registrationSlice';
import { CARRY_KEY, resetLanguageSwitchCarry } from '../../state/forms/languageSwitchCarry';
import { LOCALE_RETURN_ATTRIBUTE } from '../../platform/i18n/locales';
import RegistrationWidget from './RegistrationWidget';

// antd in jsdom on a shared machine: a filled form takes seconds to render and type into

const REGISTER = 'POST account/register/';

const validValues: RegistrationValues = {
  firstname: 'Reggie',
  lastname: 'Register',
  username: 'reggie',
  password: 'Secret-pass1',
  password2: 'Secret-pass1',
  email: 'reggie@example.com',
  email2: 'reggie@example.com',
  loanno: '9000000008',
  ssn: '900000007',
  dob: '12/24/1978',
  remember_this_browser: true,
};

function renderFilled(dependencies: RenderWidgetOptions['dependencies'] = {}) {
  return renderWidget(<RegistrationWidget />, {
    preloadedState: { registration: { ...registrationSlice.getInitialState(), values: validValues } },
    dependencies,
  });
}

// while waiting, the button's name also holds the spinner's ('Loading Register', in the page's language)
const submit = () => screen.getByRole('button', { name: /Register$/ });
const flowActions = (log: { of: (...domains: string[]) => string[] }) => log.of('registration', 'api/executeMutation');

/** The whole field around an input: label, input, status mark and messages. */
function fieldOf(label: string): HTMLElement {
  const field = screen.getByLabelText(label, { selector: 'input' }).closest<HTMLElement>('.lm-form-item');
  if (!field) throw new Error(`${label} is not in a form field`);
  return field;
}

/** antd's success status: the check mark (an img named check-circle, hidden from screen readers) and the item's success class. */
function isMarkedSuccessful(label: string): boolean {
  const field = fieldOf(label);
  const mark = within(field).queryByLabelText('check-circle') !== null;
  const styled = field.classList.contains('lm-form-item-has-success');
  if (mark !== styled) throw new Error(`${label}: check mark ${mark}, success styling ${styled}`);
  return mark;
}

/** The form's alert (antd's Alert, at the top of the form), not a field's own message. */
function formAlert(): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen.getAllByRole('alert').find((element) => element.classList.contains('lm-alert'));
    if (!alert) throw new Error('no form alert');
    return alert;
  });
}

describe('registration form', () => {
  test('has the title, every labelled field with its autocomplete and limit, and the recovery link', () => {
    renderWidget(<RegistrationWidget />);
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    const expectations: Array<[string, string, number | null]> = [
      ['First Name', 'given-name', 50],
      ['Last Name', 'family-name', 50],
      ['Username', 'username', 50],
      ['Password', 'new-password', 50],
      ['Password (again)', 'new-password', 50],
      ['Email', 'email', 50],
      ['Email (again)', 'email', 50],
      // digits only through its mask, cleaned before its 10 are counted: no maxlength to cut a paste first
      ['Loan Number', 'off', null],
      ['Social Security Number', 'off', null],
      ['Date of Birth', 'bday', null],
    ];
    for (const [label, autocomplete, maxLength] of expectations) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      if (maxLength !== null) expect(input).toHaveAttribute('maxlength', String(maxLength));
    }
    expect(screen.getByLabelText('Social Security Number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('checkbox', { name: 'Remember this browser' })).not.toBeChecked();
    expect(screen.getByText(english(MESSAGES.passwordHint))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recover your username' })).toHaveAttribute('href', '/loanmanager/recover_username/');
  });

  test('an empty submit marks every field, announces the errors, focuses the first invalid field and sends nothing', async () => {
    const api = mockApi({});
    const { user, actions } = renderWidget(<RegistrationWidget />);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await user.click(submit());
    // the loan's details come first: the borrower proves who they are, then chooses a username (issue 47 item 8)
    expect(screen.getByLabelText('Loan Number')).toHaveFocus();
    expect(screen.getAllByRole('textbox').map((input) => input.id).slice(0, 4)).toEqual([
      'registration-loanno',
      'registration-ssn',
      'registration-dob',
      'registration-firstname',
    ]);
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription(english(MESSAGES.required));
    // every field, the two confirmations too: left empty, they said nothing (issue 39, polish)
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(Array(10).fill(english(MESSAGES.required)));
    expect(actions.of('registration')).toEqual(['registration/formOpened', 'registration/submitted', 'registration/validationFailed']);
    expect(api.requests).toHaveLength(0);
  });

  test('an empty submit marks no field a success: the confirmations, left empty, say they are required', async () => {
    mockApi({});
    const { user } = renderWidget(<RegistrationWidget />);
    await user.click(submit());
    for (const label of ['Password (again)', 'Email (again)']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAccessibleDescription(english(MESSAGES.required));
      expect(isMarkedSuccessful(label)).toBe(false);
    }
    expect(screen.queryByLabelText('check-circle')).not.toBeInTheDocument();
  });

  test('a confirmation left empty beside a filled original says so on the first submit', async () => {
    mockApi({});
    const { user } = renderWidget(<RegistrationWidget />, {
      preloadedState: { registration: { ...registrationSlice.getInitialState(), values: { ...validValues, password2: '', email2: '' } } },
    });
    await user.click(submit());
    expect(screen.getByLabelText('Password (again)', { selector: 'input' })).toHaveFocus();
    for (const label of ['Password (again)', 'Email (again)']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAccessibleDescription(english(MESSAGES.required));
    }
  });

  test('after submit, a matching confirmation shows success; cleared again (or only spaces), it is never a success', async () => {
    mockApi({});
    const { user } = renderWidget(<RegistrationWidget />);
    await user.click(submit());
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret-pass1');
    await user.type(screen.getByLabelText('Password (again)', { selector: 'input' }), 'Secret-pass1');
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'reggie@example.com');
    await user.type(screen.getByLabelText('Email (again)', { selector: 'input' }), 'reggie@example.com');
    for (const label of ['Password', 'Password (again)', 'Email', 'Email (again)']) expect(isMarkedSuccessful(label)).toBe(true);

    await user.clear(screen.getByLabelText('Email', { selector: 'input' }));
    await user.clear(screen.getByLabelText('Email (again)', { selector: 'input' }));
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAccessibleDescription(english(MESSAGES.required));
    expect(isMarkedSuccessful('Email (again)')).toBe(false);
    expect(screen.getByLabelText('Email (again)', { selector: 'input' })).toHaveAccessibleDescription(english(MESSAGES.required));
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), '   ');
    await user.type(screen.getByLabelText('Email (again)', { selector: 'input' }), '   ');
    expect(isMarkedSuccessful('Email (again)')).toBe(false);
  });

  test('shows each rule message of section 5 after submit, and focus goes to the first invalid field in order', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />, {
      preloadedState: {
        registration: {
          ...registrationSlice.getInitialState(),
          values: {
            ...validValues,
            password: 'password',
            password2: 'different',
            email: 'not-an-email',
            email2: 'other@example.com',
            loanno: '12345',
            ssn: '1234',
            dob: '02/30/2024',
          },
        },
      },
    });
    await user.click(submit());
    const errorOf = (label: string) => screen.getByLabelText(label, { selector: 'input' }).getAttribute('aria-describedby');
    const described = (label: string) =>
      (errorOf(label) ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(described('Password')).toBe(`${english(MESSAGES.password)} | ${english(MESSAGES.passwordHint)}`);
    expect(described('Password (again)')).toBe(english(MESSAGES.passwordsDoNotMatch));
    expect(described('Email')).toBe(english(MESSAGES.invalidEmail));
    expect(described('Email (again)')).toBe(english(MESSAGES.emailsDoNotMatch));
    expect(described('Loan Number')).toBe(english(MESSAGES.loanno));
    expect(described('Social Security Number')).toBe(english(MESSAGES.ssn));
    // an impossible date is sent empty (spec), but the borrower reads what is wrong (D3)
    // the format said once: the error already says it (issue 47)
    expect(described('Date of Birth')).toBe(english(MESSAGES.dobInvalid));
    expect(screen.getByLabelText('Loan Number')).toHaveFocus();
    // the valid fields show the success status
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    expect(store.getState().registration.submitted).toBe(true);
  });

  test('typing: one fieldChanged per keystroke, the SSN kept as digits and shown masked, paste reduced to 9 digits', async () => {
    mockApi({});
    const { user, store, actions } = renderWidget(<RegistrationWidget />);
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    expect(actions.of('registration')).toEqual(['registration/formOpened', ...Array(3).fill('registration/fieldChanged')]);
    expect(store.getState().registration.values.firstname).toBe('Ann');

    const ssn = screen.getByLabelText('Social Security Number');
    await user.type(ssn, '1234567890');
    expect(store.getState().registration.values.ssn).toBe('123456789');
    expect(ssn).toHaveValue('123-45-6789');

    await user.clear(ssn);
    await user.click(ssn);
    await user.paste('SSN: 987 65 4321 0000');
    expect(store.getState().registration.values.ssn).toBe('987654321');
    expect(ssn).toHaveValue('987-65-4321');

    const dob = screen.getByLabelText('Date of Birth');
    await user.type(dob, '04151980');
    expect(dob).toHaveValue('04/15/1980');
    expect(store.getState().registration.values.dob).toBe('04/15/1980');
  });

  test('loan number: digits only, typed or pasted with spaces and dashes (cleaned before its 10 are counted)', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />);
    const loanno = screen.getByLabelText('Loan Number');
    expect(loanno).toHaveAttribute('inputmode', 'numeric');
    await user.type(loanno, '90a0-0b');
    expect(loanno).toHaveValue('9000');
    await user.clear(loanno);
    await user.click(loanno);
    await user.paste(' 900-000-0007 ');
    expect(loanno).toHaveValue('9000000007');
    expect(store.getState().registration.values.loanno).toBe('9000000007');
  });

  test('date of birth: "4/12/1985" typed, or 1985-04-12 and 04-12-1985 pasted, all read 04/12/1985; MM/DD/YYYY shows once', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />);
    const dob = screen.getByLabelText('Date of Birth');
    expect(dob).not.toHaveAttribute('placeholder');
    expect(screen.getAllByText('MM/DD/YYYY')).toHaveLength(1);
    expect(dob).toHaveAccessibleDescription('MM/DD/YYYY');
    await user.type(dob, '4/12/1985');
    expect(dob).toHaveValue('04/12/1985');
    expect(store.getState().registration.values.dob).toBe('04/12/1985');
    for (const pasted of ['1985-04-12', '04-12-1985']) {
      await user.clear(dob);
      await user.click(dob);
      await user.paste(pasted);
      expect(dob).toHaveValue('04/12/1985');
      expect(store.getState().registration.values.dob).toBe('04/12/1985');
    }
  });

  test('a date of birth in the future is refused with a clear message', async () => {
    const api = mockApi({});
    const future = `01/01/${new Date().getFullYear() + 1}`;
    const { user } = renderWidget(<RegistrationWidget />, {
      preloadedState: { registration: { ...registrationSlice.getInitialState(), values: { ...validValues, dob: future } } },
    });
    await user.click(submit());
    expect(screen.getByLabelText('Date of Birth')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Date of birth cannot be in the future');
    expect(api.requests).toHaveLength(0);
  });

  test('a paste longer than a 50-character limit is cut to it, and the field says so until it is next changed', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />);
    const firstname = screen.getByLabelText('First Name');
    await user.click(firstname);
    await user.paste('A'.repeat(60));
    expect(firstname).toHaveValue('A'.repeat(50));
    expect(store.getState().registration.values.firstname).toBe('A'.repeat(50));
    // in the field's polite live region (every limited field has one, empty until needed)
    expect(screen.getAllByRole('status').map((region) => region.textContent).filter(Boolean)).toEqual([
      'Pasted text was cut to 50 characters',
    ]);
    expect(firstname).toHaveAccessibleDescription('Pasted text was cut to 50 characters');
    await user.type(firstname, '{Backspace}');
    expect(screen.queryByText('Pasted text was cut to 50 characters')).not.toBeInTheDocument();

    // a paste that fits says nothing
    const password = screen.getByLabelText('Password', { selector: 'input' });
    await user.click(password);
    await user.paste('Secret-pass1');
    expect(screen.queryByText(/Pasted text was cut/)).not.toBeInTheDocument();
    await user.paste('x'.repeat(45));
    expect(password).toHaveValue(`Secret-pass1${'x'.repeat(38)}`);
    expect(screen.getByText('Pasted text was cut to 50 characters')).toBeInTheDocument();
  });

  test('the password can be shown and hidden', async () => {
    const { user } = renderWidget(<RegistrationWidget />);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    const field = password.closest('.lm-form-item') as HTMLElement;
    await user.click(within(field).getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(within(field).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(field).getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  test.each([
    ['several loans', [{ loanno: '9000000008' }, { loanno: '9000000009' }], '/loanmanager/main/'],
    ['one loan', [{ loanno: '9000000008' }], '/loanmanager/loanoverview/'],
  ])('success with %s: exact body, captcha for "registration", then a full load of the landing page', async (_, loans, url) => {
    const captchaActions: string[] = [];
    const api = mockApi({ [REGISTER]: { status: 201, body: { available_loans: loans } } });
    const { user, visited, actions } = renderFilled({
      captcha: {
        getCaptchaToken: (action) => {
          captchaActions.push(action);
          return Promise.resolve(DUMMY_CAPTCHA_TOKEN);
        },
      },
    });
    await user.click(submit());
    await waitFor(() => expect(visited).toEqual([{ url, fullReload: true }]));
    expect(captchaActions).toEqual(['registration']);
    expect(api.sent(REGISTER).map((request) => request.body)).toEqual([
      {
        firstname: 'Reggie',
        lastname: 'Register',
        username: 'reggie',
        password: 'Secret-pass1',
        email: 'reggie@example.com',
        loanno: '9000000008',
        ssn: '900000007',
        dob: '1978-12-24',
        remember_this_browser: true,
        recaptcha_response: DUMMY_CAPTCHA_TOKEN,
      },
    ]);
    expect(flowActions(actions)).toEqual([
      'registration/formOpened',
      'registration/submitted',
      'registration/submissionStarted',
      'registration/captchaObtained',
      'api/executeMutation/pending',
      'api/executeMutation/fulfilled',
      'registration/submissionSucceeded',
      'registration/redirected',
    ]);
  });

  test('the button shows the wait indicator and a second click sends nothing more', async () => {
    let answer: (response: MockResponse) => void = () => undefined;
    const api = mockApi({ [REGISTER]: () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
    const { user, visited } = renderFilled();
    await user.click(submit());
    await waitFor(() => expect(api.sent(REGISTER)).toHaveLength(1));
    expect(submit()).toBeDisabled();
    await user.click(submit());
    answer({ status: 201, body: { available_loans: [{ loanno: '9000000008' }] } });
    await waitFor(() => expect(visited).toHaveLength(1));
    expect(api.sent(REGISTER)).toHaveLength(1);
  });

  /** The form, then the question's dialog on top of it: under a loaded machine these take longer than the others. */
  const DIALOG_TEST_TIMEOUT_MS = 90_000;

  /** The 409 question, in the portal's own dialog (its chunk loads on demand). */
  async function recoveryQuestion() {
    const dialog = await screen.findByRole('dialog', { name: 'Already registered' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription(english('registration.alreadyRegistered'));
    return dialog;
  }

  test('409 accepted: the question in a dialog, the details cached in sessionStorage, then username recovery', async () => {
    mockApi({ [REGISTER]: { status: 409, body: { errors: ['You have already registered.'] } } });
    const { user, visited, actions } = renderFilled();
    await user.click(submit());
    const dialog = await recoveryQuestion();
    expect(visited).toEqual([]);
    expect(window.sessionStorage.getItem(RECOVERY_CACHE_KEY)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, email my username' }));
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/recover_username/', fullReload: false }]));
    expect(JSON.parse(window.sessionStorage.getItem(RECOVERY_CACHE_KEY) ?? 'null')).toEqual({
      loanno: '9000000008',
      ssn: '900000007',
      dob: '1978-12-24',
    });
    expect(window.localStorage).toHaveLength(0);
    // the dialog's close animation ends after the navigation has been asked for
    await waitFor(() => expect(flowActions(actions)).toContain('registration/recoveryQuestionClosed'));
    const flow = flowActions(actions);
    expect(flow.slice(flow.indexOf('api/executeMutation/rejected'))).toEqual([
      'api/executeMutation/rejected',
      'registration/alreadyRegistered',
      'registration/recoveryAccepted',
      'registration/redirected',
      'registration/recoveryQuestionClosed',
    ]);
    expect(screen.queryByText(/This account is already registered/)).not.toBeInTheDocument();
  }, DIALOG_TEST_TIMEOUT_MS);

  test.each([
    ['a JSON body, "No, thanks"', { body: { errors: ['You have already registered.'] } }, 'button'],
    ['a body that is not JSON (a proxy page), Escape', { html: '<html><body>409 Conflict</body></html>' }, 'escape'],
  ] as const)('409 declined, with %s: nothing cached, no navigation, what to do next, focused', async (_, answer, how) => {
    mockApi({ [REGISTER]: { status: 409, ...answer } });
    const { user, visited, actions } = renderFilled();
    await user.click(submit());
    const dialog = await recoveryQuestion();
    if (how === 'button') await user.click(within(dialog).getByRole('button', { name: 'No, thanks' }));
    else await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(actions.types).toContain('registration/recoveryDeclined');
    expect(actions.types).toContain('registration/recoveryQuestionClosed');
    expect(window.sessionStorage.getItem(RECOVERY_CACHE_KEY)).toBeNull();
    expect(visited).toEqual([]);
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const nextSteps = (await screen.findByText(/This account is already registered/)).closest<HTMLElement>('[role="status"]');
    if (!nextSteps) throw new Error('the next steps are not a status message');
    expect(nextSteps).toHaveTextContent(
      'This account is already registered. Sign in with your username and password, or recover your username if you have forgotten it.',
    );
    expect(within(nextSteps).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/loanmanager/login/');
    expect(within(nextSteps).getByRole('link', { name: 'recover your username' })).toHaveAttribute('href', '/loanmanager/recover_username/');
    await waitFor(() => expect(nextSteps.parentElement).toHaveFocus());
  }, DIALOG_TEST_TIMEOUT_MS);

  test('an error body with an errors list: an alert with the first error', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { errors: ['That username is already taken.', 'second'] } } });
    const { user, actions } = renderFilled();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken.');
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    expect(flowActions(actions).slice(-4)).toEqual([
      'api/executeMutation/rejected',
      'registration/fieldsRejected',
      'registration/serverErrorsReceived',
      'registration/submissionFailed',
    ]);
  });

  test('a username the server refuses loses its green tick (the others keep theirs) until it is changed', async () => {
    mockApi({
      [REGISTER]: { status: 400, body: { errors: ['That username is already taken. Please choose another.'], fields: ['username'] } },
    });
    const { user } = renderFilled();
    await user.click(submit());
    expect(await formAlert()).toHaveTextContent('That username is already taken. Please choose another.');
    expect(isMarkedSuccessful('Username')).toBe(false);
    for (const label of ['First Name', 'Last Name', 'Email', 'Loan Number']) expect(isMarkedSuccessful(label)).toBe(true);
    await user.type(screen.getByLabelText('Username'), '2');
    expect(isMarkedSuccessful('Username')).toBe(true);
  });

  test('a refusal that names no field takes every green tick off', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { detail: 'no match' } } });
    const { user } = renderFilled();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(english('registration.accountNotFound'));
    for (const label of ['First Name', 'Username', 'Email', 'Loan Number', 'Social Security Number', 'Date of Birth']) {
      expect(isMarkedSuccessful(label)).toBe(false);
    }
  });

  test('any other error body: the "unable to find your account" alert', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { detail: 'no match' } } });
    const { user } = renderFilled();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(english('registration.accountNotFound'));
  });

  /** A network failure: fetch itself rejects, as a browser's does offline. */
  const offline = () => {
    const api = mockApi({});
    api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    return api;
  };

  test.each([
    ['a 500', () => mockApi({ [REGISTER]: { status: 500, body: { errors: ['Internal Server Error 0x1f'] } } })],
    ['a 503', () => mockApi({ [REGISTER]: { status: 503, html: '<html>Service Unavailable</html>' } })],
    ['a network failure', offline],
    // issue 47: a host server whose CSRF refusal stays after the token was obtained and the call sent again
    ['a CSRF refusal that stays', () => mockApi({ [REGISTER]: { status: 403, body: { errors: ['CSRF verification failed'], code: 'csrf_token' } } })],
  ])('E1, %s: the borrower is told it did not work and what to do, focused, nothing of the server shown, the form kept', async (_, setup) => {
    setup();
    const { user, reported, visited, store } = renderFilled();
    await user.click(submit());
    const alert = await formAlert();
    expect(alert).toHaveTextContent(english('registration.failedTryAgain'));
    expect(english('registration.failedTryAgain')).toBe('We could not complete your registration. Your details are kept; please try again.');
    expect(alert).not.toHaveTextContent(/0x1f|Internal|Unavailable|50\d|Failed to fetch|CSRF/);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    // what was typed is still there, on the page and in the store
    expect(screen.getByLabelText('First Name')).toHaveValue('Reggie');
    expect(screen.getByLabelText('Social Security Number')).toHaveValue('900-00-0007');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('12/24/1978');
    expect(store.getState().registration.values).toEqual(validValues);
    expect(submit()).toBeEnabled();
    expect(visited).toEqual([]);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ kind: 'report', context: { flow: 'registration' } });
  });

  test('E1: sent again after the failure, the message goes while it runs and the answer decides', async () => {
    let fail = true;
    mockApi({ [REGISTER]: () => (fail ? { status: 503, body: {} } : { status: 201, body: { available_loans: ['9000000008'] } }) });
    const { user, visited } = renderFilled();
    await user.click(submit());
    await formAlert();
    fail = false;
    await user.click(submit());
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/loanoverview/', fullReload: true }]));
    expect(screen.queryByText(english('registration.failedTryAgain'))).not.toBeInTheDocument();
  });

  test.each([
    ['plain loan-number strings, several', ['9000000008', '9000000009'], '/loanmanager/main/'],
    ['one plain loan-number string', ['9000000008'], '/loanmanager/loanoverview/'],
    ['numbers', [9000000008, 9000000009], '/loanmanager/main/'],
    ['objects with other fields', [{ loan_number: '9000000008', status: 'active' }], '/loanmanager/loanoverview/'],
  ])('a 200 whose available_loans are %s routes by the count, says no failure, reports nothing', async (_, loans, url) => {
    mockApi({ [REGISTER]: { status: 200, body: { available_loans: loans, servicer_reference: 'R-1' } } });
    const { user, visited, reported } = renderFilled();
    await user.click(submit());
    await waitFor(() => expect(visited).toEqual([{ url, fullReload: true }]));
    expect(screen.queryByText(english('registration.accountNotFound'))).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reported).toEqual([]);
  });

  test.each([
    ['no list', { body: { loans: [] } }],
    ['a body that is not JSON', { html: '<html>Welcome</html>' }],
  ])('a 2xx with %s: the account exists, so no failure is shown; the portal home sends the borrower on, and the misfit is reported', async (_, answer) => {
    mockApi({ [REGISTER]: { status: 201, ...answer } });
    const { user, visited, reported } = renderFilled();
    await user.click(submit());
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/', fullReload: true }]));
    expect(screen.queryByText(english('registration.accountNotFound'))).not.toBeInTheDocument();
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ kind: 'report', context: { where: 'api' } });
  });

  /** The input of a field, and whether it is marked refused: aria-invalid and antd's error status. */
  function expectRefused(label: string, message: string) {
    const input = screen.getByLabelText(label, { selector: 'input' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(fieldOf(label)).toHaveClass('lm-form-item-has-error');
    expect(isMarkedSuccessful(label)).toBe(false);
  }

  test('E5: a refusal that names its field shows on that field, marked invalid, and the alert at the top links to it', async () => {
    const taken = 'That username is already taken. Please choose another.';
    mockApi({ [REGISTER]: { status: 400, body: { errors: [taken], fields: ['username'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    const alert = await formAlert();
    expect(alert).toHaveTextContent(taken);
    expectRefused('Username', taken);
    // the alert is above the first field, not beside the button
    const firstField = screen.getByLabelText('First Name');
    expect(alert.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const link = within(alert).getByRole('link', { name: taken });
    expect(link).toHaveAttribute('href', '#registration-username');
    await user.click(link);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    // changed, the field is the borrower's again: no longer refused
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    expect(isMarkedSuccessful('Username')).toBe(true);
  });

  test('E5: texts that name their field by its label go to that field, without the label; the alert links to each', async () => {
    const errors = ['Username: Usernames may contain only letters, digits and the characters @ . + - _', 'Email: Maximum length is 50.'];
    mockApi({ [REGISTER]: { status: 400, body: { errors, fields: ['username', 'email'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    const alert = await formAlert();
    expectRefused('Username', 'Usernames may contain only letters, digits and the characters @ . + - _');
    expectRefused('Email', 'Maximum length is 50.');
    expect(within(alert).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [errors[0], '#registration-username'],
      [errors[1], '#registration-email'],
    ]);
    await user.click(within(alert).getByRole('link', { name: errors[1] }));
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveFocus();
    for (const label of ['First Name', 'Last Name', 'Loan Number']) expect(isMarkedSuccessful(label)).toBe(true);
  });

  test('E5: the email address in use (the reference server\'s answer) goes on the Email field', async () => {
    const inUse = 'This email address is already in use by another account.';
    mockApi({ [REGISTER]: { status: 400, body: { errors: [inUse], fields: ['email'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    await formAlert();
    expectRefused('Email', inUse);
    expect(screen.getByLabelText('Email (again)', { selector: 'input' })).not.toHaveAttribute('aria-invalid');
  });

  test('a refused address takes the tick off its confirmation too; corrected (both), the alert and the refusal go', async () => {
    const inUse = 'This email address is already in use by another account.';
    mockApi({ [REGISTER]: { status: 400, body: { errors: [inUse], fields: ['email'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    await formAlert();
    expect(isMarkedSuccessful('Email (again)')).toBe(false);
    expect(isMarkedSuccessful('Password (again)')).toBe(true);
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'x');
    await user.type(screen.getByLabelText('Email (again)', { selector: 'input' }), 'x');
    await waitFor(() => expect(screen.queryByText(inUse)).toBeNull());
    expect(screen.getByLabelText('Email', { selector: 'input' })).not.toHaveAttribute('aria-invalid');
  });

  test('a refused password takes the tick off Password (again) too', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { errors: ['Password: This password is too common.'], fields: ['password'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    await formAlert();
    expect(isMarkedSuccessful('Password (again)')).toBe(false);
    expect(isMarkedSuccessful('Email (again)')).toBe(true);
  });

  test('E5: a text that names no field stays in the alert only, with no link', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { errors: ['The captcha check failed. Please try again.'] } } });
    const { user } = renderFilled();
    await user.click(submit());
    const alert = await formAlert();
    expect(alert).toHaveTextContent('The captcha check failed. Please try again.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    for (const label of ['First Name', 'Username', 'Email']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).not.toHaveAttribute('aria-invalid');
    }
  });

  test('D3: an impossible date (02/30/1990, 13/01/1990, a two-digit year) says what is wrong, not "required"', async () => {
    const api = mockApi({});
    const { user } = renderWidget(<RegistrationWidget />, {
      preloadedState: { registration: { ...registrationSlice.getInitialState(), values: { ...validValues, dob: '' } } },
    });
    const dob = screen.getByLabelText('Date of Birth');
    for (const typed of ['02301990', '13011990', '010290']) {
      await user.clear(dob);
      await user.type(dob, typed);
      await user.click(submit());
      expect(dob).toHaveFocus();
      expect(dob).toHaveAttribute('aria-invalid', 'true');
      expect(dob).toHaveAccessibleDescription(english(MESSAGES.dobInvalid));
    }
    expect(english(MESSAGES.dobInvalid)).toBe('Enter a real date as MM/DD/YYYY');
    expect(api.requests).toHaveLength(0);
  });

  test('D3: a date pasted in words is read as written; one it cannot read is refused and the field says so', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />);
    const dob = screen.getByLabelText('Date of Birth');
    for (const pasted of ['April 12, 1985', '12 April 1985', '1985-04-12', '4/12/1985']) {
      await user.clear(dob);
      await user.click(dob);
      await user.paste(pasted);
      expect(dob).toHaveValue('04/12/1985');
      expect(store.getState().registration.values.dob).toBe('04/12/1985');
    }
    await user.click(dob);
    await user.paste('sometime in spring');
    // refused: the field keeps what it had, and says why in its live region
    expect(dob).toHaveValue('04/12/1985');
    expect(store.getState().registration.values.dob).toBe('04/12/1985');
    expect(dob).toHaveAccessibleDescription(`MM/DD/YYYY ${english(MESSAGES.dobInvalid)}`);
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(english(MESSAGES.dobInvalid));
    await user.type(dob, '{Backspace}');
    expect(screen.queryByText(english(MESSAGES.dobInvalid))).not.toBeInTheDocument();
  });

  test('the SSN is concealed while typed; a button shows and hides it; typing, paste and the mask work either way', async () => {
    mockApi({});
    const { user, store } = renderWidget(<RegistrationWidget />);
    const ssn = screen.getByLabelText('Social Security Number');
    const toggle = screen.getByRole('button', { name: 'Show Social Security Number' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(ssn).toHaveAttribute('data-concealed', 'true');
    expect(ssn).toHaveAttribute('type', 'text');
    await user.type(ssn, '900000007');
    expect(ssn).toHaveValue('900-00-0007');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(ssn).not.toHaveAttribute('data-concealed');
    await user.clear(ssn);
    await user.click(ssn);
    await user.paste('SSN 987 65 4321');
    expect(ssn).toHaveValue('987-65-4321');
    expect(store.getState().registration.values.ssn).toBe('987654321');
    await user.click(toggle);
    expect(ssn).toHaveAttribute('data-concealed', 'true');
    expect(ssn).toHaveValue('987-65-4321');
  });

  test('"Remember this browser" says what it does, tied to the checkbox', () => {
    renderWidget(<RegistrationWidget />);
    expect(screen.getByRole('checkbox', { name: 'Remember this browser' })).toHaveAccessibleDescription(
      english('registration.rememberBrowserHint'),
    );
  });

  test('no password, SSN, date of birth or captcha token in any action but fieldChanged, nor in any redacted action', async () => {
    mockApi({ [REGISTER]: { status: 400, body: { errors: ['nope'] } } });
    const { user, actions } = renderFilled();
    await user.click(submit());
    await screen.findByRole('alert');
    const secrets = [validValues.password, validValues.ssn, '1978-12-24', validValues.dob, DUMMY_CAPTCHA_TOKEN];
    const leaks = (value: unknown) => secrets.filter((secret) => JSON.stringify(value).includes(secret));
    const own = actions.actions.filter((action) => !action.type.startsWith('api/') && !action.type.endsWith('/fieldChanged'));
    expect(own.length).toBeGreaterThan(3);
    for (const action of own) expect(leaks(action)).toEqual([]);
    for (const action of actions.actions) expect(leaks(redact(action))).toEqual([]);
  });

  describe('in Spanish', () => {
    const es = testI18n('es');

    test('the heading, every label, the hint, the checkbox, the button and the recovery link', () => {
      renderWidget(<RegistrationWidget />, { i18n: es });
      expect(screen.getByRole('heading', { level: 1, name: 'Registro' })).toBeInTheDocument();
      for (const label of [
        'Nombre',
        'Apellido',
        'Nombre de usuario',
        'Contraseña',
        'Confirme la contraseña',
        'Correo electrónico',
        'Confirme el correo electrónico',
        'Número de préstamo',
        'Número de Seguro Social',
        'Fecha de nacimiento',
      ]) {
        expect(screen.getByLabelText(label, { selector: 'input' })).toBeInTheDocument();
      }
      expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveAccessibleDescription(
        'La contraseña debe incluir una letra mayúscula, un número, un carácter especial y tener al menos 8 caracteres.',
      );
      expect(screen.getByRole('checkbox', { name: 'Recordar este navegador' })).not.toBeChecked();
      expect(screen.getByRole('button', { name: /Registrarse$/ })).toBeInTheDocument();
      expect(screen.getByText(/¿Ya se registró\?/)).toHaveTextContent('¿Ya se registró? Recupere su nombre de usuario');
      expect(screen.getByRole('link', { name: 'Recupere su nombre de usuario' })).toHaveAttribute('href', '/loanmanager/recover_username/');
      const password = fieldOf('Contraseña');
      expect(within(password).getByRole('button', { name: 'Mostrar' })).toHaveAttribute('aria-pressed', 'false');
    });

    test('the rule messages and the cut paste are said in Spanish', async () => {
      mockApi({});
      const { user } = renderWidget(<RegistrationWidget />, {
        i18n: es,
        preloadedState: {
          registration: { ...registrationSlice.getInitialState(), values: { ...validValues, email: 'not-an-email', ssn: '1234' } },
        },
      });
      await user.click(screen.getByRole('button', { name: /Registrarse$/ }));
      expect(screen.getByLabelText('Número de Seguro Social', { selector: 'input' })).toHaveFocus();
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Debe tener 9 dígitos',
        'Ingrese un correo electrónico válido',
        'Los correos electrónicos que ingresó no coinciden',
      ]);
      const lastname = screen.getByLabelText('Apellido');
      await user.clear(lastname);
      expect(lastname).toHaveAccessibleDescription('Este campo es obligatorio');
      await user.click(lastname);
      await user.paste('B'.repeat(60));
      expect(lastname).toHaveAccessibleDescription('El texto pegado se recortó a 50 caracteres');
    });

    test('the server\'s "not found" answer: the spec\'s text in Spanish; the store keeps its id', async () => {
      mockApi({ [REGISTER]: { status: 400, body: { detail: 'no match' } } });
      const { user, store } = renderWidget(<RegistrationWidget />, {
        i18n: es,
        preloadedState: { registration: { ...registrationSlice.getInitialState(), values: validValues } },
      });
      await user.click(screen.getByRole('button', { name: /Registrarse$/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/^No pudimos encontrar su cuenta con el número de préstamo/);
      expect(store.getState().registration.serverMessage).toBe('registration.accountNotFound');
    });

    test('E1 in Spanish: the failure says what to do in the page\'s language', async () => {
      mockApi({ [REGISTER]: { status: 503, body: {} } });
      const { user } = renderWidget(<RegistrationWidget />, {
        i18n: es,
        preloadedState: { registration: { ...registrationSlice.getInitialState(), values: validValues } },
      });
      await user.click(screen.getByRole('button', { name: /Registrarse$/ }));
      const alert = await formAlert();
      expect(alert).toHaveTextContent('No pudimos completar su registro. Sus datos se conservan; vuelva a intentarlo.');
      await waitFor(() => expect(alert.parentElement).toHaveFocus());
    });

    test('E5 in Spanish: a text that names its field by its Spanish label goes on that field', async () => {
      const errors = ['Nombre de usuario: Los nombres de usuario solo pueden contener letras, dígitos y los caracteres @ . + - _'];
      mockApi({ [REGISTER]: { status: 400, body: { errors, fields: ['username'] } } });
      const { user } = renderWidget(<RegistrationWidget />, {
        i18n: es,
        preloadedState: { registration: { ...registrationSlice.getInitialState(), values: validValues } },
      });
      await user.click(screen.getByRole('button', { name: /Registrarse$/ }));
      const alert = await formAlert();
      const input = screen.getByLabelText('Nombre de usuario');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Los nombres de usuario solo pueden contener letras, dígitos y los caracteres @ . + - _');
      expect(within(alert).getByRole('link', { name: errors[0] })).toHaveAttribute('href', '#registration-username');
      expect(screen.getByRole('button', { name: 'Mostrar el número de Seguro Social' })).toHaveAttribute('aria-pressed', 'false');
    });

    test('409 declined: the question, its answers and the next steps in Spanish', async () => {
      mockApi({ [REGISTER]: { status: 409, body: { errors: ['Usted ya se registró.'] } } });
      const { user } = renderWidget(<RegistrationWidget />, {
        i18n: es,
        preloadedState: { registration: { ...registrationSlice.getInitialState(), values: validValues } },
      });
      await user.click(screen.getByRole('button', { name: /Registrarse$/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Cuenta ya registrada' }, { timeout: 5000 });
      expect(dialog).toHaveAccessibleDescription(
        'Usted ya se registró. ¿Desea que le enviemos su nombre de usuario por correo electrónico?',
      );
      expect(within(dialog).getByRole('button', { name: 'Sí, envíenme mi nombre de usuario' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'No, gracias' }));
      const nextSteps = (await screen.findByText(/Esta cuenta ya está registrada/)).closest<HTMLElement>('[role="status"]');
      if (!nextSteps) throw new Error('the next steps are not a status message');
      expect(nextSteps).toHaveTextContent(
        'Esta cuenta ya está registrada. Inicie sesión con su nombre de usuario y contraseña, o recupere su nombre de usuario si lo olvidó.',
      );
      expect(within(nextSteps).getByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/loanmanager/login/');
      expect(within(nextSteps).getByRole('link', { name: 'recupere su nombre de usuario' })).toHaveAttribute(
        'href',
        '/loanmanager/recover_username/',
      );
    }, DIALOG_TEST_TIMEOUT_MS);
  });
});

describe('the header\'s language switch (a form post and a page load)', () => {
  /** The server's header form, as the page shell writes it (server/pages/html.ts). */
  function headerSwitch(): HTMLFormElement {
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<form id="switch" method="post" action="/loanmanager/locale/"><input type="hidden" name="back" value="/" ${LOCALE_RETURN_ATTRIBUTE}><button type="submit" name="locale" value="es" lang="es">Español</button></form>`,
    );
    const form = document.getElementById('switch') as HTMLFormElement;
    // jsdom does not navigate: the submit event is what the page sees
    form.addEventListener('submit', (event) => event.preventDefault());
    return form;
  }

  afterEach(() => {
    document.getElementById('switch')?.remove();
    resetLanguageSwitchCarry();
  });

  test('what was typed comes back on the next page load, but not the passwords, SSN or date of birth; they are never stored', async () => {
    const form = headerSwitch();
    const first = renderFilled();
    form.requestSubmit();
    const stored = window.sessionStorage.getItem(CARRY_KEY) ?? '';
    expect(stored).toContain('reggie@example.com');
    expect(stored).not.toMatch(/Secret-pass1|900000007|12\/24\/1978/);
    first.unmount();

    // the page loaded again (in Spanish): a fresh store, the same browser session
    resetLanguageSwitchCarry();
    renderWidget(<RegistrationWidget />, { i18n: testI18n('es') });
    await waitFor(() => expect(screen.getByLabelText('Nombre de usuario')).toHaveValue('reggie'));
    expect(screen.getByLabelText('Número de préstamo')).toHaveValue('9000000008');
    expect(screen.getByLabelText('Contraseña', { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText('Número de Seguro Social', { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('');
    expect(await screen.findByText(/El idioma cambió\. Lo que escribió se conserva/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveFocus();
    expect(window.sessionStorage.getItem(CARRY_KEY)).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { PALETTE } from '../../platform/palette';
import type { GoGreenInfo } from '../../api/schemas';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { renderWidget, type RenderWidgetOptions } from '../../testing/renderWidget';
import { testI18n } from '../../testing/testI18n';
import { english } from '../../testing/english';
import { STEP_TITLES } from './goGreenMessages';
import GoGreenWidget from './GoGreenWidget';
import { LINK_SENT_KEY } from './goGreenSaga';
import leafUrl from './leaf.svg';

// antd's Steps, Radio and Form are heavy in jsdom; on a busy CI machine a whole flow takes several seconds.
// Addresses are pasted, not typed: one change event each (the saga tests cover typing and its timing).
// 60 s: the longest flow took 30 s at load average 7 (a quiet CI run finishes the file in 90 s).

const STATUS = 'GET go-green/status/';
const EMAIL_CHANGE = 'POST user/request_email_change/';
const CHECK_EMAIL = 'GET user/check_email_address/';
const OPT_IN = 'POST go-green/opt_in/';
const OPT_OUT = 'POST go-green/opt_out/';

const status = (overrides: Partial<GoGreenInfo> = {}): MockResponse => ({
  body: {
    email_address: 'cory@example.com',
    email_validated: true,
    electdocs: false,
    disclosures: '<h3>Electronic delivery</h3><p>You agree to receive notices electronically.</p>',
    ...overrides,
  },
});

function renderGoGreen(handlers: Record<string, MockHandler | MockResponse> = {}, options: RenderWidgetOptions = {}) {
  const api = mockApi({ [STATUS]: status(), ...handlers });
  return { api, ...renderWidget(<GoGreenWidget />, options) };
}

/** A step heading's English accessible name: its title, and what its indicator shows when done or failed. */
function stepTitle(step: keyof typeof STEP_TITLES, status?: 'done' | 'failed'): string {
  const title = english(STEP_TITLES[step]);
  return status ? `${title} ${english(status === 'done' ? 'goGreen.stepDone' : 'goGreen.stepFailed')}` : title;
}

// a link sent to the address on file is remembered for the browser session (goGreenSaga's LINK_SENT_KEY)
beforeEach(() => window.sessionStorage.clear());

const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const currentStep = () => document.querySelector('[aria-current="step"]');
const button = (name: string) => screen.getByRole('button', { name });

async function choose(user: ReturnType<typeof renderGoGreen>['user'], choice: string) {
  await user.click(await screen.findByRole('radio', { name: choice }));
  await user.click(button('Next'));
}

/** "No" on step 1, then an address typed on step 2 and sent once the server check has passed. */
async function sendFromStepTwo(user: ReturnType<typeof renderGoGreen>['user'], address: string) {
  await choose(user, english('goGreen.choiceNo'));
  await user.click(await screen.findByLabelText(english('goGreen.emailLabel')));
  await user.paste(address);
  await waitFor(() => expect(button('Send Verification Email')).toBeEnabled());
  await user.click(button('Send Verification Email'));
}

/** A handler that keeps the request open until the test answers it (each request in turn). */
function heldOpen() {
  const pending: Array<(response: MockResponse) => void> = [];
  const handler: MockHandler = () => new Promise<MockResponse>((resolve) => pending.push(resolve));
  return {
    handler,
    answer: async (response: MockResponse) => {
      await waitFor(() => expect(pending).toHaveLength(1));
      pending.shift()?.(response);
    },
  };
}

/** antd's spinner in a busy button: an image named "loading", read out before the button's label. */
const spinnerIn = (element: HTMLElement) => within(element).queryByRole('img', { name: 'Loading' });

/** The step's indicator (number, edit, done or error) beside its heading: found by structure, having no role. */
function indicatorOf(heading: HTMLElement): HTMLElement {
  const indicator = heading.closest('.lm-steps-item')?.querySelector<HTMLElement>('.lm-steps-item-icon');
  if (!indicator) throw new Error('the step has no indicator');
  return indicator;
}

/** The whole field around an input: label, input, status mark and messages. */
function fieldOf(input: HTMLElement): HTMLElement {
  const field = input.closest<HTMLElement>('.lm-form-item');
  if (!field) throw new Error('the input is not in a form field');
  return field;
}

describe('loading', () => {
  test('shows a spinner, then step 1 with the address on file', async () => {
    const { api } = renderGoGreen();
    expect(screen.getByRole('status')).toHaveTextContent(english('common.loading'));
    expect(await stepHeading(stepTitle('confirmEmail'))).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1, name: english('goGreen.title') })).toBeInTheDocument();
    expect(screen.getByText('cory@example.com')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: english('goGreen.detailsCorrect') })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: english('goGreen.choiceYes') })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: english('goGreen.choiceNo') })).not.toBeChecked();
    expect(button('Next')).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: stepTitle('reviewDisclosures') })).toBeInTheDocument();
    expect(api.sent(STATUS)).toHaveLength(1);
  });

  test('the stepper is vertical (spec section 4), on a wide screen too', async () => {
    renderGoGreen();
    const heading = await stepHeading(stepTitle('confirmEmail'));
    // antd's Steps has no role or aria-orientation: its orientation shows only in its class
    const stepper = heading.closest('.lm-steps');
    expect(stepper).toHaveClass('lm-steps-vertical');
    expect(stepper).not.toHaveClass('lm-steps-horizontal');
  });

  test('a failure shows the snackbar', async () => {
    renderGoGreen({ [STATUS]: { status: 500, body: {} } });
    expect(await screen.findByText('There was a problem. Please try again later')).toBeInTheDocument();
    // the snackbar and the retry button render in separate commits: on a loaded machine the first can come alone
    expect(await screen.findByRole('button', { name: english('goGreen.tryAgain') })).toBeInTheDocument();
  });

  test('an answer that does not fit the contract takes the same failure path, reported once', async () => {
    const { reported } = renderGoGreen({ [STATUS]: { body: { email_address: 'cory@example.com', electdocs: 'no' } } });
    expect(await screen.findByText('There was a problem. Please try again later')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: english('goGreen.tryAgain') })).toBeInTheDocument();
    expect(reported).toEqual([expect.objectContaining({ kind: 'report', context: expect.objectContaining({ where: 'api' }) })]);
  });
});

describe('opt-out view (already elected)', () => {
  test('heading, both sentences, Opt Out -> a full page load of the go-green page', async () => {
    const { api, user, visited } = renderGoGreen({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: { body: {} } });
    expect(await screen.findByRole('heading', { level: 1, name: english('goGreen.optOutHeading') })).toBeInTheDocument();
    expect(screen.getByText(english('goGreen.optOutStops'))).toBeInTheDocument();
    expect(screen.getByText(english('goGreen.optOutPrinted'))).toBeInTheDocument();
    await user.click(button('Opt Out'));
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/go-green/', fullReload: true }]));
    expect(api.sent(OPT_OUT)).toHaveLength(1);
  });

  test('after the reload that follows an opt-out: it says so, and that paper resumes, with focus on it; once only', async () => {
    const sessionStore = new Map<string, string>();
    const store = {
      getItem: (key: string) => sessionStore.get(key) ?? null,
      setItem: (key: string, value: string) => void sessionStore.set(key, value),
      removeItem: (key: string) => void sessionStore.delete(key),
    };
    mockApi({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: { body: {} } });
    const first = renderWidget(<GoGreenWidget />, { dependencies: { sessionStore: store } });
    await first.user.click(await screen.findByRole('button', { name: 'Opt Out' }));
    await waitFor(() => expect(first.visited).toHaveLength(1));
    first.unmount();

    // the reloaded page: the status now says not elected
    mockApi({ [STATUS]: status({ electdocs: false }) });
    renderWidget(<GoGreenWidget />, { dependencies: { sessionStore: store } });
    const notice = (await screen.findByText(english('goGreen.optedOut'))).closest<HTMLElement>('[role="status"]');
    if (!notice) throw new Error('the notice is not a status');
    expect(notice).toHaveTextContent(english('goGreen.optOutPrinted'));
    await waitFor(() => expect(notice.parentElement).toHaveFocus());
    expect(sessionStore.size).toBe(0);
  });

  test('a spinner shows in Opt Out while the opt-out is sent; gone after a failure, kept after success until the page reloads', async () => {
    const optOut = heldOpen();
    const { api, user, visited } = renderGoGreen({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: optOut.handler });
    const optOutButton = await screen.findByRole('button', { name: 'Opt Out' });
    expect(spinnerIn(optOutButton)).toBeNull();
    await user.click(optOutButton);
    expect(spinnerIn(optOutButton)).toBeVisible();
    expect(optOutButton).toHaveAccessibleName('Loading Opt Out');
    await optOut.answer({ status: 500 });
    expect(await screen.findByText('There was a problem, please try again later')).toBeInTheDocument();
    await waitFor(() => expect(spinnerIn(optOutButton)).toBeNull());
    expect(optOutButton).toHaveAccessibleName('Opt Out');

    await user.click(optOutButton);
    expect(spinnerIn(optOutButton)).toBeVisible();
    await optOut.answer({ body: {} });
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/go-green/', fullReload: true }]));
    expect(spinnerIn(optOutButton)).toBeVisible();
    expect(api.sent(OPT_OUT)).toHaveLength(2);
  });

  test('a failure shows the snackbar and keeps the view', async () => {
    const { user, visited } = renderGoGreen({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText('There was a problem, please try again later')).toBeInTheDocument();
    expect(button('Opt Out')).toBeEnabled();
    expect(visited).toEqual([]);
  });
});

describe('opt-in wizard', () => {
  test('verified and correct: straight to the disclosures, Complete -> confirmation with the leaf', async () => {
    const { api, user } = renderGoGreen({ [OPT_IN]: { body: { electdocs: true } } });
    await choose(user, english('goGreen.choiceYes'));
    expect(await stepHeading(stepTitle('reviewDisclosures'))).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Email Address$/, level: 2, hidden: false })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: stepTitle('confirmEmail', 'done') })).toBeInTheDocument();
    const disclosures = screen.getByRole('region', { name: english('goGreen.disclosures') });
    expect(disclosures).toHaveAttribute('tabindex', '0');
    expect(disclosures).toHaveStyle({ maxHeight: '300px', overflow: 'auto' });
    expect(within(disclosures).getByRole('heading', { name: 'Electronic delivery' })).toBeInTheDocument();
    await user.click(button('Complete'));
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Thank you for choosing "Go Green".');
    // not a dead end: what happens next, and the way on; focus on the news, not lost with the button
    expect(thanks).toHaveTextContent(english('goGreen.whatNext', { email: 'cory@example.com' }));
    expect(thanks).toHaveFocus();
    expect(screen.getByRole('link', { name: english('goGreen.backToLoans') })).toHaveAttribute('href', '/loanmanager/');
    expect(document.querySelector('img')).toHaveAttribute('src', leafUrl);
    const [sent] = api.sent(OPT_IN);
    expect(sent?.body).toEqual({
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      browser: expect.any(String),
      os: expect.any(String),
      email: 'cory@example.com',
    });
  });

  test('Back from the disclosures returns to step 1 with the choice kept', async () => {
    const { user } = renderGoGreen();
    await choose(user, english('goGreen.choiceYes'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await stepHeading(stepTitle('confirmEmail'))).toHaveFocus();
    expect(screen.getByRole('radio', { name: english('goGreen.choiceYes') })).toBeChecked();
  });

  test('a spinner shows in Complete while the opt-in is sent, gone after the answer (a failure, then a success)', async () => {
    const optIn = heldOpen();
    const { api, user } = renderGoGreen({ [OPT_IN]: optIn.handler });
    await choose(user, english('goGreen.choiceYes'));
    const complete = await screen.findByRole('button', { name: 'Complete' });
    expect(spinnerIn(complete)).toBeNull();
    await user.click(complete);
    expect(spinnerIn(complete)).toBeVisible();
    expect(complete).toHaveAccessibleName('Loading Complete');
    expect(button('Back')).toBeDisabled();
    await optIn.answer({ status: 500 });
    expect(await screen.findByText('There was a problem, please try again later')).toBeInTheDocument();
    await waitFor(() => expect(spinnerIn(complete)).toBeNull());
    expect(complete).toHaveAccessibleName('Complete');
    expect(button('Back')).toBeEnabled();

    await user.click(complete);
    expect(spinnerIn(complete)).toBeVisible();
    await optIn.answer({ body: { electdocs: true } });
    expect(await screen.findByText(english('goGreen.thankYou'))).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'loading' })).toBeNull();
    expect(api.sent(OPT_IN)).toHaveLength(2);
  });

  test('stepper indicators: the current step shows the edit mark, the steps ahead their number', async () => {
    const { user } = renderGoGreen();
    // step 1 is current (edit), the disclosures wait (number 2)
    const confirm = await stepHeading(stepTitle('confirmEmail'));
    expect(confirm).toHaveAttribute('aria-current', 'step');
    expect(confirm).toHaveAccessibleName(stepTitle('confirmEmail'));
    expect(indicatorOf(confirm)).toHaveTextContent(/^$/);
    expect(indicatorOf(confirm).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(indicatorOf(confirm)).queryByRole('img')).toBeNull();
    const review = screen.getByRole('heading', { level: 2, name: stepTitle('reviewDisclosures') });
    expect(review).not.toHaveAttribute('aria-current');
    expect(indicatorOf(review)).toHaveTextContent(/^2$/);
    expect(within(indicatorOf(review)).queryByRole('img')).toBeNull();

    // corrected details: step 1 done, step 2 current (edit), the disclosures now number 3
    await choose(user, english('goGreen.choiceNo'));
    const change = await stepHeading(stepTitle('changeEmail'));
    expect(change).toHaveAttribute('aria-current', 'step');
    expect(indicatorOf(change)).toHaveTextContent(/^$/);
    expect(indicatorOf(change).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(indicatorOf(change)).queryByRole('img')).toBeNull();
    const done = screen.getByRole('heading', { level: 2, name: stepTitle('confirmEmail', 'done') });
    expect(done).not.toHaveAttribute('aria-current');
    expect(within(indicatorOf(done)).getByRole('img', { name: 'check' })).toBeInTheDocument();
    const ahead = screen.getByRole('heading', { level: 2, name: stepTitle('reviewDisclosures') });
    expect(ahead).not.toHaveAttribute('aria-current');
    expect(indicatorOf(ahead)).toHaveTextContent(/^3$/);
  });

  test('an opt-in failure shows the snackbar and marks the step with an error', async () => {
    const { user } = renderGoGreen({ [OPT_IN]: { status: 500 } });
    await choose(user, english('goGreen.choiceYes'));
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('There was a problem, please try again later')).toBeInTheDocument();
    expect(currentStep()).toHaveAccessibleName(stepTitle('reviewDisclosures', 'failed'));
    expect(screen.queryByText(english('goGreen.thankYou'))).toBeNull();
    // the step is marked, not the legal text: the disclosures keep the ordinary text colour
    const disclosures = screen.getByRole('region', { name: english('goGreen.disclosures') });
    expect(disclosures).toHaveStyle({ color: PALETTE.text });
  });

  test('hostile disclosures are rendered harmless', async () => {
    const { user } = renderGoGreen({
      [STATUS]: status({
        disclosures: '<p>Terms</p><img src=x onerror="window.pwned=1"><script>window.pwned=1</script><a href="javascript:alert(1)">x</a><svg onload="window.pwned=1"></svg>',
      }),
    });
    await choose(user, english('goGreen.choiceYes'));
    const disclosures = await screen.findByRole('region', { name: english('goGreen.disclosures') });
    // the sanitizer is downloaded on demand: wait for the disclosures themselves, not just their box
    expect(await within(disclosures).findByText('Terms')).toBeInTheDocument();
    expect(disclosures.querySelector('script, svg, [onerror], [onload]')).toBeNull();
    expect(disclosures.querySelector('a')).not.toHaveAttribute('href');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  describe('needsVerification ("Validate Email Address")', () => {
    test('sends to the address on file at once, waits; Cancel returns to step 1', async () => {
      const { api, user } = renderGoGreen({
        [STATUS]: status({ email_validated: false }),
        [EMAIL_CHANGE]: { body: { requires_validation: true } },
        'GET user/is_validated/': { body: { validated: false } },
      });
      await choose(user, english('goGreen.choiceYes'));
      expect(await stepHeading(stepTitle('validateEmail'))).toHaveAttribute('aria-current', 'step');
      expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
      // the spec's sentence stays as it is; where the link went is said after it
      expect(screen.getByRole('status')).toHaveTextContent('Email address: cory@example.com.');
      expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'cory@example.com' }]);
      await user.click(button(english('goGreen.cancel')));
      expect(await stepHeading(stepTitle('confirmEmail'))).toHaveAttribute('aria-current', 'step');
      expect(screen.queryByText(english('goGreen.waitingOnFile'))).toBeNull();
    });

    test('a failed poll keeps the waiting step: it says the link still works, and carries on by itself when the server answers', async () => {
      jest.useFakeTimers({ advanceTimers: true });
      try {
        let polls = 0;
        const answers: MockResponse[] = [{ status: 503, html: '<html>Down</html>' }, { body: { validated: false } }, { body: { validated: true } }];
        const { api, user } = renderGoGreen({
          [STATUS]: status({ email_validated: false }),
          [EMAIL_CHANGE]: { body: { requires_validation: true } },
          'GET user/is_validated/': () => answers[Math.min((polls += 1) - 1, answers.length - 1)]!,
        });
        await choose(user, english('goGreen.choiceYes'));
        expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
        await act(() => jest.advanceTimersByTimeAsync(5_000));
        // the first poll failed: still waiting, and the borrower is told the link works
        expect(await screen.findByText(english('goGreen.checkFailing'))).toBeInTheDocument();
        expect(screen.getByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
        expect(await stepHeading(stepTitle('validateEmail'))).toHaveAttribute('aria-current', 'step');
        expect(screen.queryByRole('textbox', { name: english('goGreen.emailLabel') })).toBeNull();
        // the next poll, 10 s later (backed off), answers: the notice goes, the wait goes on
        await act(() => jest.advanceTimersByTimeAsync(10_000));
        await waitFor(() => expect(screen.queryByText(english('goGreen.checkFailing'))).toBeNull());
        expect(screen.getByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
        // then validated, by itself
        await act(() => jest.advanceTimersByTimeAsync(5_000));
        expect(await screen.findByText(english('goGreen.verified'))).toBeInTheDocument();
        expect(polls).toBe(3);
        expect(api.sent(EMAIL_CHANGE)).toHaveLength(1);
      } finally {
        jest.useRealTimers();
      }
    });

    test('the link can be sent again after a 30 s wait, counted down on screen, through the same call', async () => {
      jest.useFakeTimers({ advanceTimers: true });
      try {
        const { api, user } = renderGoGreen({
          [STATUS]: status({ email_validated: false }),
          [EMAIL_CHANGE]: { body: { requires_validation: true } },
          'GET user/is_validated/': { body: { validated: false } },
        });
        await choose(user, english('goGreen.choiceYes'));
        expect(await screen.findByText(english('goGreen.sendAgainIn', { seconds: 30 }))).toBeInTheDocument();
        expect(button(english('goGreen.sendAgain'))).toBeDisabled();
        await act(() => jest.advanceTimersByTimeAsync(10_000));
        expect(screen.getByText(english('goGreen.sendAgainIn', { seconds: 20 }))).toBeInTheDocument();
        await act(() => jest.advanceTimersByTimeAsync(20_000));
        expect(screen.queryByText(/You can send it again/)).toBeNull();
        await user.click(button(english('goGreen.sendAgain')));
        await waitFor(() => expect(api.sent(EMAIL_CHANGE)).toHaveLength(2));
        expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([
          { email_address: 'cory@example.com' },
          { email_address: 'cory@example.com' },
        ]);
        // sent again: the wait starts over, and the borrower is still waiting for the link
        expect(await screen.findByText(english('goGreen.sendAgainIn', { seconds: 30 }))).toBeInTheDocument();
        expect(screen.getByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    });

    test('when the request fails it is logged, the borrower is told (not silent: issue 39), and the form is there to send again', async () => {
      const { user, reported } = renderGoGreen({
        [STATUS]: status({ email_validated: false }),
        [EMAIL_CHANGE]: { status: 500 },
      });
      await choose(user, english('goGreen.choiceYes'));
      expect(await screen.findByRole('button', { name: 'Send Verification Email' })).toBeEnabled();
      expect(screen.getByLabelText(english('goGreen.emailLabel'))).toHaveValue('cory@example.com');
      expect(reported.map((entry) => entry.kind)).toEqual(['log']);
      expect(await screen.findByText('There was a problem, please try again later')).toBeInTheDocument();
    });

    test('a 2xx whose answer does not fit the contract is taken as sent: waiting, polled, no failure shown (issue 39)', async () => {
      const { api, user } = renderGoGreen({
        [STATUS]: status({ email_validated: false }),
        [EMAIL_CHANGE]: { body: { sent: 'yes' } },
        'GET user/is_validated/': { body: { validated: false } },
      });
      await choose(user, english('goGreen.choiceYes'));
      expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
      expect(api.sent(EMAIL_CHANGE)).toHaveLength(1);
      expect(screen.queryByText('There was a problem, please try again later')).toBeNull();
    });
  });

  describe('withCorrectedDetails ("Change Email Address")', () => {
    test('validates the address, checks it with the server, sends, is verified at once, and opts in with it', async () => {
      const { api, user } = renderGoGreen({
        [CHECK_EMAIL]: { body: { valid: true } },
        [EMAIL_CHANGE]: { body: { requires_validation: false } },
        [OPT_IN]: { body: {} },
      });
      await choose(user, english('goGreen.choiceNo'));
      expect(await stepHeading(stepTitle('changeEmail'))).toHaveFocus();
      const input = screen.getByLabelText(english('goGreen.emailLabel'));
      const send = button('Send Verification Email');
      expect(send).toBeDisabled();
      await user.click(input);
      await user.tab();
      expect(input).toHaveAccessibleDescription('Required');
      expect(currentStep()).toHaveAccessibleName(stepTitle('changeEmail', 'failed'));
      await user.click(input);
      await user.paste('new@');
      expect(input).toHaveAccessibleDescription('Invalid email address');
      await user.paste('example.com');
      expect(send).toBeDisabled(); // the server check is pending
      await waitFor(() => expect(send).toBeEnabled());
      expect(api.sent(CHECK_EMAIL).map((request) => request.url.searchParams.get('email_address'))).toEqual([
        'new@example.com',
      ]);
      expect(input).not.toHaveAttribute('aria-invalid');
      await user.click(send);
      expect(await screen.findByText(english('goGreen.verified'))).toBeInTheDocument();
      expect(currentStep()).toHaveAccessibleName(stepTitle('changeEmail', 'done'));
      await user.click(button('Next'));
      await user.click(await screen.findByRole('button', { name: 'Complete' }));
      expect(await screen.findByText(english('goGreen.thankYou'))).toBeInTheDocument();
      expect(api.sent(OPT_IN)[0]?.body).toMatchObject({ email: 'new@example.com' });
    });

    test('a valid server check shows the success styling; none while it is pending', async () => {
      const check = heldOpen();
      const { user } = renderGoGreen({ [CHECK_EMAIL]: check.handler });
      await choose(user, english('goGreen.choiceNo'));
      const input = await screen.findByLabelText(english('goGreen.emailLabel'));
      const field = fieldOf(input);
      await user.click(input);
      await user.paste('new@example.com');
      await waitFor(() => expect(input).toHaveAccessibleDescription(english('goGreen.checkingEmail')));
      expect(within(field).queryByLabelText('check-circle')).toBeNull();
      expect(field).not.toHaveClass('lm-form-item-has-success');
      await check.answer({ body: { valid: true } });
      expect(await within(field).findByLabelText('check-circle')).toBeVisible();
      expect(field).toHaveClass('lm-form-item-has-success');
      expect(field).not.toHaveClass('lm-form-item-has-error');
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(input).not.toHaveAccessibleDescription();
      expect(within(field).queryByRole('alert')).toBeNull();
      expect(button('Send Verification Email')).toBeEnabled();
    });

    test('the address is limited to 50 characters: typing past them keeps the first 50', async () => {
      const address = `${'a'.repeat(38)}@example.com`; // 50 characters
      const { api, user } = renderGoGreen({ [CHECK_EMAIL]: { body: { valid: true } } });
      await choose(user, english('goGreen.choiceNo'));
      const input = await screen.findByLabelText(english('goGreen.emailLabel'));
      expect(input).toHaveAttribute('maxlength', '50');
      await user.click(input);
      await user.paste(address.slice(0, 47));
      await user.type(input, `${address.slice(47)}xyz`);
      expect(input).toHaveValue(address);
      await waitFor(() => expect(button('Send Verification Email')).toBeEnabled());
      // the server checks the address as kept (a slow machine may also check a shorter one on the way)
      expect(api.sent(CHECK_EMAIL).at(-1)?.url.searchParams.get('email_address')).toBe(address);
    });

    test('an address in use by another account: the server says so, and the borrower is told that', async () => {
      const { user } = renderGoGreen({
        [CHECK_EMAIL]: { status: 400, body: { errors: ['This email address is already in use by another account.'] } },
      });
      await choose(user, english('goGreen.choiceNo'));
      const input = await screen.findByLabelText(english('goGreen.emailLabel'));
      await user.click(input);
      await user.paste('taken@example.com');
      // the check waits 500 ms after the paste: more than waitFor's default second on a loaded machine
      await waitFor(
        () => expect(input).toHaveAccessibleDescription('This email address is already in use by another account.'),
        { timeout: 5000 },
      );
      expect(button('Send Verification Email')).toBeDisabled();
    });

    test('a server check that fails without a reason (5xx) marks the address invalid', async () => {
      const { user } = renderGoGreen({ [CHECK_EMAIL]: { status: 503, body: {} } });
      await choose(user, english('goGreen.choiceNo'));
      const input = await screen.findByLabelText(english('goGreen.emailLabel'));
      await user.click(input);
      await user.paste('someone@example.com');
      await waitFor(() => expect(input).toHaveAccessibleDescription('Invalid email address'), { timeout: 5000 });
      expect(button('Send Verification Email')).toBeDisabled();
    });

    test('requires validation: the waiting text and Cancel, which keeps the borrower on step 2', async () => {
      const { user } = renderGoGreen({
        [CHECK_EMAIL]: { body: { valid: true } },
        [EMAIL_CHANGE]: { body: { requires_validation: true } },
        'GET user/is_validated/': { body: { validated: false } },
      });
      await sendFromStepTwo(user, 'new@example.com');
      expect(await screen.findByText(english('goGreen.waiting'))).toBeInTheDocument();
      await user.click(button(english('goGreen.cancel')));
      expect(await screen.findByLabelText(english('goGreen.emailLabel'))).toHaveValue('new@example.com');
      expect(currentStep()).toHaveAccessibleName(stepTitle('changeEmail'));
    });
  });
});

describe('round 2 (issue 39): the on-file text, the link lifetime, no second email, focus', () => {
  const IS_VALIDATED = 'GET user/is_validated/';
  const unverified = {
    [STATUS]: status({ email_validated: false }),
    [EMAIL_CHANGE]: { body: { requires_validation: true, link_expires_in_seconds: 48 * 3600 } },
    [IS_VALIDATED]: { body: { validated: false } },
  };

  test('the address on file: "your email address" (not "new"), where the link went and how long it works', async () => {
    const { user } = renderGoGreen(unverified);
    await choose(user, english('goGreen.choiceYes'));
    const waiting = await screen.findByRole('status');
    await waitFor(() => expect(waiting).toHaveTextContent(english('goGreen.waitingOnFile')));
    expect(waiting).not.toHaveTextContent(/new email address/);
    expect(waiting).toHaveTextContent('Email address: cory@example.com.');
    expect(waiting).toHaveTextContent('The link expires in 48 hours.');
  });

  test('a new address keeps the spec\'s text, verbatim, and says nothing of a lifetime the server did not give', async () => {
    const { user } = renderGoGreen({
      [CHECK_EMAIL]: { body: { valid: true } },
      [EMAIL_CHANGE]: { body: { requires_validation: true } },
      [IS_VALIDATED]: { body: { validated: false } },
    });
    await sendFromStepTwo(user, 'new@example.com');
    expect(await screen.findByText(english('goGreen.waiting'))).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent(/expires/);
  });

  test('coming back while the link to the address on file still works: waiting again, no second email, nothing personal kept', async () => {
    const api = mockApi(unverified);
    const first = renderWidget(<GoGreenWidget />);
    await choose(first.user, english('goGreen.choiceYes'));
    expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(1);
    // within the page: Cancel goes back to step 1; Next again waits for the same link
    await first.user.click(button(english('goGreen.cancel')));
    expect(await stepHeading(stepTitle('confirmEmail'))).toHaveAttribute('aria-current', 'step');
    await first.user.click(button('Next'));
    expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
    // the page left half way and opened again, in the same browser session
    first.unmount();
    const second = renderWidget(<GoGreenWidget />);
    await choose(second.user, english('goGreen.choiceYes'));
    expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Email address: cory@example.com.');
    expect(second.actions.types).toContain('goGreen/pollingStarted');
    expect(api.sent(EMAIL_CHANGE)).toHaveLength(1);
    // what the browser keeps: two numbers in sessionStorage, no address; nothing in localStorage
    expect(window.sessionStorage.getItem(LINK_SENT_KEY)).not.toMatch(/@|cory/);
    expect(window.localStorage).toHaveLength(0);
  });

  test('a link whose lifetime has passed is not waited for: a new one goes out', async () => {
    const api = mockApi(unverified);
    window.sessionStorage.setItem(LINK_SENT_KEY, JSON.stringify({ sentAt: Date.now() - 49 * 3600 * 1000, expiresInSeconds: 48 * 3600 }));
    const { user } = renderWidget(<GoGreenWidget />);
    await choose(user, english('goGreen.choiceYes'));
    expect(await screen.findByText(english('goGreen.waitingOnFile'))).toBeInTheDocument();
    await waitFor(() => expect(api.sent(EMAIL_CHANGE)).toHaveLength(1));
  });

  test('focus never drops to <body>: the waiting message after Send, the address after Cancel, the status after Send again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { user } = renderGoGreen({
        [CHECK_EMAIL]: { body: { valid: true } },
        [EMAIL_CHANGE]: { body: { requires_validation: true } },
        [IS_VALIDATED]: { body: { validated: false } },
      });
      await choose(user, english('goGreen.choiceNo'));
      const input = await screen.findByRole('textbox', { name: english('goGreen.emailLabel') });
      await user.click(input);
      await user.paste('new@example.com');
      await waitFor(() => expect(button('Send Verification Email')).toBeEnabled());
      await user.click(button('Send Verification Email'));
      expect(await screen.findByText(english('goGreen.waiting'))).toBeInTheDocument();
      await waitFor(() => expect(document.activeElement).toContainElement(screen.getByRole('status')));

      await user.click(button(english('goGreen.cancel')));
      await waitFor(() => expect(screen.getByRole('textbox', { name: english('goGreen.emailLabel') })).toHaveFocus());

      await user.click(button('Send Verification Email'));
      expect(await screen.findByText(english('goGreen.waiting'))).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(30_000));
      await user.click(button(english('goGreen.sendAgain')));
      const status = await screen.findByRole('status');
      await waitFor(() => expect(status).toHaveTextContent('We sent a new link to new@example.com.'));
      await waitFor(() => expect(document.activeElement).toContainElement(screen.getByRole('status')));
      expect(document.activeElement).not.toBe(document.body);
    } finally {
      jest.useRealTimers();
    }
  });

  test('the two choices are the 44 px targets of their class (the e2e test measures them)', async () => {
    renderGoGreen();
    for (const name of [english('goGreen.choiceYes'), english('goGreen.choiceNo')]) {
      expect((await screen.findByRole('radio', { name })).closest('label')).toHaveClass('loanmanager-go-green-choice');
    }
  });
});

describe('the password asked again before a change of address (issue 38)', () => {
  const CONFIRM = 'POST user/confirm_password/';
  const PASSWORD = 'Borrower-Pass-2026';

  function serverWithWindow() {
    let open = false;
    return mockApi({
      [STATUS]: status(),
      [CHECK_EMAIL]: { body: { valid: true } },
      [EMAIL_CHANGE]: () => (open ? { body: { requires_validation: true } } : { status: 403, body: { reauth_required: true } }),
      [CONFIRM]: (request) => {
        if ((request.body as { password: string }).password !== PASSWORD) return { status: 400, body: { errors: ['no'] } };
        open = true;
        return { body: { reauth_expires_in_seconds: 600 } };
      },
      'GET user/is_validated/': { body: { validated: false } },
    });
  }

  async function sendNewAddress() {
    const rendered = renderWidget(<GoGreenWidget />);
    await sendFromStepTwo(rendered.user, 'new@example.com');
    const dialog = await screen.findByRole('dialog', { name: english('common.reauth.title') }, { timeout: 5000 });
    return { ...rendered, dialog };
  }

  test('403 reauth_required: the dialog, a wrong password said and the dialog kept, then the right one: the same address sent again', async () => {
    const api = serverWithWindow();
    const { user, dialog, store } = await sendNewAddress();
    const password = within(dialog).getByLabelText(english('common.reauth.password'));
    await waitFor(() => expect(password).toHaveFocus());
    await user.type(password, 'not-it');
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.confirm') }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(english('common.reauth.incorrect')));
    expect(screen.getByRole('dialog', { name: english('common.reauth.title') })).toBeInTheDocument();
    await user.type(password, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.confirm') }));
    expect(await screen.findByText(english('goGreen.waiting'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([
      { email_address: 'new@example.com' },
      { email_address: 'new@example.com' },
    ]);
    expect(JSON.stringify(store.getState())).not.toContain(PASSWORD);
  });

  test('an opt-in the server holds for the password: confirmed in the dialog (in Spanish), then the same opt-in sent again', async () => {
    let open = false;
    const api = mockApi({
      [STATUS]: status(),
      [OPT_IN]: () => (open ? { body: {} } : { status: 403, body: { reauth_required: true } }),
      [CONFIRM]: () => {
        open = true;
        return { body: { reauth_expires_in_seconds: 600 } };
      },
    });
    const { user } = renderWidget(<GoGreenWidget />, { i18n: testI18n('es') });
    await user.click(await screen.findByRole('radio', { name: 'Sí, los datos indicados arriba son correctos' }));
    await user.click(button('Siguiente'));
    await user.click(await screen.findByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirme su contraseña' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('Contraseña'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Gracias por elegir "Go Green".')).toBeInTheDocument();
    expect(api.sent(OPT_IN)).toHaveLength(2);
    expect(api.sent(OPT_IN)[1]?.body).toEqual(api.sent(OPT_IN)[0]?.body);
  });

  test('Cancel: nothing sent, focus back on Send Verification Email, the address typed kept', async () => {
    const api = serverWithWindow();
    const { user, dialog, reported } = await sendNewAddress();
    await user.click(within(dialog).getByRole('button', { name: english('common.reauth.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(button('Send Verification Email')).toHaveFocus());
    expect(screen.getByRole('textbox', { name: english('goGreen.emailLabel') })).toHaveValue('new@example.com');
    expect(button('Send Verification Email')).toBeEnabled();
    expect(api.sent(CONFIRM)).toHaveLength(0);
    expect(reported).toEqual([]);
  });
});

describe('in Spanish', () => {
  const spanish = { i18n: testI18n('es') };

  test('the wizard: step titles, choices, buttons, the disclosures and a failed opt-in', async () => {
    const { user } = renderGoGreen({ [OPT_IN]: { status: 500 } }, spanish);
    expect(await stepHeading('Confirmar correo electrónico')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1, name: 'Go Green' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: '¿Son correctos estos datos?' })).toBeInTheDocument();
    expect(screen.getByText('cory@example.com', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Sí, los datos indicados arriba son correctos' }));
    await user.click(button('Siguiente'));
    expect(await stepHeading('Revisar divulgaciones')).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Confirmar correo electrónico (completado)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Divulgaciones' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Finalizar' }));
    // the store holds the message's id; the snackbar shows it in the widget's language
    expect(await screen.findByText('Hubo un problema, vuelva a intentarlo más tarde')).toBeInTheDocument();
    expect(currentStep()).toHaveAccessibleName('Revisar divulgaciones (tiene un error)');
  });

  test('waiting for the link: the countdown says its seconds in Spanish', async () => {
    const { user } = renderGoGreen(
      {
        [STATUS]: status({ email_validated: false }),
        [EMAIL_CHANGE]: { body: { requires_validation: true, link_expires_in_seconds: 48 * 3600 } },
        'GET user/is_validated/': { body: { validated: false } },
      },
      spanish,
    );
    await user.click(await screen.findByRole('radio', { name: 'Sí, los datos indicados arriba son correctos' }));
    await user.click(button('Siguiente'));
    expect(await stepHeading('Validar correo electrónico')).toHaveAttribute('aria-current', 'step');
    expect(await screen.findByText('Puede volver a enviarlo en 30 segundos.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Correo electrónico: cory@example.com.');
    expect(screen.getByRole('status')).toHaveTextContent(/^Enviamos un enlace de verificación a su correo electrónico\./);
    expect(screen.getByRole('status')).toHaveTextContent('El enlace vence en 48 horas.');
    expect(button('Enviar el enlace de nuevo')).toBeDisabled();
    expect(button('Cancelar')).toBeEnabled();
  });

  test('a failed poll: the waiting step says in Spanish that the link still works', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { user } = renderGoGreen(
        {
          [STATUS]: status({ email_validated: false }),
          [EMAIL_CHANGE]: { body: { requires_validation: true } },
          'GET user/is_validated/': { status: 500, body: {} },
        },
        spanish,
      );
      await user.click(await screen.findByRole('radio', { name: 'Sí, los datos indicados arriba son correctos' }));
      await user.click(button('Siguiente'));
      expect(await stepHeading('Validar correo electrónico')).toHaveAttribute('aria-current', 'step');
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByText(/El enlace de su correo sigue funcionando/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('the opt-out view', async () => {
    renderGoGreen({ [STATUS]: status({ electdocs: true }) }, spanish);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelar la inscripción en Go Green' })).toBeInTheDocument();
    expect(button('Cancelar inscripción')).toBeEnabled();
  });
});

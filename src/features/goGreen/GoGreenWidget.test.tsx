import { screen, waitFor, within } from '@testing-library/react';
import type { GoGreenInfo } from '../../api/contract';
import { MESSAGES } from '../../lib/validation/messages';
import { mockApi, type MockHandler, type MockResponse } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { GO_GREEN_MESSAGES, STEP_TITLES } from './goGreenMessages';
import GoGreenWidget from './GoGreenWidget';

// antd's Steps, Radio and Form are heavy in jsdom; on a busy CI machine a whole flow takes several seconds.
// Addresses are pasted, not typed: one change event each (the saga tests cover typing and its timing).
jest.setTimeout(30_000);

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

function renderGoGreen(handlers: Record<string, MockHandler | MockResponse> = {}) {
  const api = mockApi({ [STATUS]: status(), ...handlers });
  return { api, ...renderWidget(<GoGreenWidget />) };
}

const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const currentStep = () => document.querySelector('[aria-current="step"]');
const button = (name: string) => screen.getByRole('button', { name });

async function choose(user: ReturnType<typeof renderGoGreen>['user'], choice: string) {
  await user.click(await screen.findByRole('radio', { name: choice }));
  await user.click(button('Next'));
}

describe('loading', () => {
  test('shows a spinner, then step 1 with the address on file', async () => {
    const { api } = renderGoGreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await stepHeading(STEP_TITLES.confirmEmail)).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1, name: 'Go Green' })).toBeInTheDocument();
    expect(screen.getByText('cory@example.com')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Are these details correct?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: GO_GREEN_MESSAGES.choiceYes })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: GO_GREEN_MESSAGES.choiceNo })).not.toBeChecked();
    expect(button('Next')).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: STEP_TITLES.reviewDisclosures })).toBeInTheDocument();
    expect(api.sent(STATUS)).toHaveLength(1);
  });

  test('a failure shows the snackbar', async () => {
    renderGoGreen({ [STATUS]: { status: 500, body: {} } });
    expect(await screen.findByText(GO_GREEN_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(button('Try again')).toBeInTheDocument();
  });
});

describe('opt-out view (already elected)', () => {
  test('heading, both sentences, Opt Out -> a full page load of the go-green page', async () => {
    const { api, user, visited } = renderGoGreen({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: { body: {} } });
    expect(await screen.findByRole('heading', { level: 1, name: GO_GREEN_MESSAGES.optOutHeading })).toBeInTheDocument();
    expect(screen.getByText(GO_GREEN_MESSAGES.optOutStops)).toBeInTheDocument();
    expect(screen.getByText(GO_GREEN_MESSAGES.optOutPrinted)).toBeInTheDocument();
    await user.click(button('Opt Out'));
    await waitFor(() => expect(visited).toEqual([{ url: '/loanmanager/go-green/', fullReload: true }]));
    expect(api.sent(OPT_OUT)).toHaveLength(1);
  });

  test('a failure shows the snackbar and keeps the view', async () => {
    const { user, visited } = renderGoGreen({ [STATUS]: status({ electdocs: true }), [OPT_OUT]: { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Opt Out' }));
    expect(await screen.findByText(GO_GREEN_MESSAGES.problem)).toBeInTheDocument();
    expect(button('Opt Out')).toBeEnabled();
    expect(visited).toEqual([]);
  });
});

describe('opt-in wizard', () => {
  test('verified and correct: straight to the disclosures, Complete -> confirmation with the leaf', async () => {
    const { api, user } = renderGoGreen({ [OPT_IN]: { body: { electdocs: true } } });
    await choose(user, GO_GREEN_MESSAGES.choiceYes);
    expect(await stepHeading(STEP_TITLES.reviewDisclosures)).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Email Address$/, level: 2, hidden: false })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: `${STEP_TITLES.confirmEmail} (completed)` })).toBeInTheDocument();
    const disclosures = screen.getByRole('region', { name: 'Disclosures' });
    expect(disclosures).toHaveAttribute('tabindex', '0');
    expect(disclosures).toHaveStyle({ maxHeight: '300px', overflow: 'auto' });
    expect(within(disclosures).getByRole('heading', { name: 'Electronic delivery' })).toBeInTheDocument();
    await user.click(button('Complete'));
    expect(await screen.findByText(GO_GREEN_MESSAGES.thankYou)).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/loanmanager/static/images/leaf.svg');
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
    await choose(user, GO_GREEN_MESSAGES.choiceYes);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await stepHeading(STEP_TITLES.confirmEmail)).toHaveFocus();
    expect(screen.getByRole('radio', { name: GO_GREEN_MESSAGES.choiceYes })).toBeChecked();
  });

  test('an opt-in failure shows the snackbar and marks the step with an error', async () => {
    const { user } = renderGoGreen({ [OPT_IN]: { status: 500 } });
    await choose(user, GO_GREEN_MESSAGES.choiceYes);
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(GO_GREEN_MESSAGES.problem)).toBeInTheDocument();
    expect(currentStep()).toHaveAccessibleName(`${STEP_TITLES.reviewDisclosures} (has an error)`);
    expect(screen.queryByText(GO_GREEN_MESSAGES.thankYou)).toBeNull();
  });

  test('hostile disclosures are rendered harmless', async () => {
    const { user } = renderGoGreen({
      [STATUS]: status({
        disclosures: '<p>Terms</p><img src=x onerror="window.pwned=1"><script>window.pwned=1</script><a href="javascript:alert(1)">x</a><svg onload="window.pwned=1"></svg>',
      }),
    });
    await choose(user, GO_GREEN_MESSAGES.choiceYes);
    const disclosures = await screen.findByRole('region', { name: 'Disclosures' });
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
      await choose(user, GO_GREEN_MESSAGES.choiceYes);
      expect(await stepHeading(STEP_TITLES.validateEmail)).toHaveAttribute('aria-current', 'step');
      expect(await screen.findByText(GO_GREEN_MESSAGES.waiting)).toBeInTheDocument();
      expect(api.sent(EMAIL_CHANGE).map((request) => request.body)).toEqual([{ email_address: 'cory@example.com' }]);
      await user.click(button('Cancel'));
      expect(await stepHeading(STEP_TITLES.confirmEmail)).toHaveAttribute('aria-current', 'step');
      expect(screen.queryByText(GO_GREEN_MESSAGES.waiting)).toBeNull();
    });

    test('when the request fails (only logged) the form is there to send again', async () => {
      const { user, reported } = renderGoGreen({
        [STATUS]: status({ email_validated: false }),
        [EMAIL_CHANGE]: { status: 500 },
      });
      await choose(user, GO_GREEN_MESSAGES.choiceYes);
      expect(await screen.findByRole('button', { name: 'Send Verification Email' })).toBeEnabled();
      expect(screen.getByLabelText('Email Address')).toHaveValue('cory@example.com');
      expect(reported.map((entry) => entry.kind)).toEqual(['log']);
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('withCorrectedDetails ("Change Email Address")', () => {
    test('validates the address, checks it with the server, sends, is verified at once, and opts in with it', async () => {
      const { api, user } = renderGoGreen({
        [CHECK_EMAIL]: { body: { valid: true } },
        [EMAIL_CHANGE]: { body: { requires_validation: false } },
        [OPT_IN]: { body: {} },
      });
      await choose(user, GO_GREEN_MESSAGES.choiceNo);
      expect(await stepHeading(STEP_TITLES.changeEmail)).toHaveFocus();
      const input = screen.getByLabelText('Email Address');
      const send = button('Send Verification Email');
      expect(send).toBeDisabled();
      await user.click(input);
      await user.tab();
      expect(input).toHaveAccessibleDescription(MESSAGES.goGreenEmailRequired);
      expect(currentStep()).toHaveAccessibleName(`${STEP_TITLES.changeEmail} (has an error)`);
      await user.click(input);
      await user.paste('new@');
      expect(input).toHaveAccessibleDescription(MESSAGES.goGreenEmailInvalid);
      await user.paste('example.com');
      expect(send).toBeDisabled(); // the server check is pending
      await waitFor(() => expect(send).toBeEnabled());
      expect(api.sent(CHECK_EMAIL).map((request) => request.url.searchParams.get('email_address'))).toEqual([
        'new@example.com',
      ]);
      expect(input).not.toHaveAttribute('aria-invalid');
      await user.click(send);
      expect(await screen.findByText(GO_GREEN_MESSAGES.verified)).toBeInTheDocument();
      expect(currentStep()).toHaveAccessibleName(`${STEP_TITLES.changeEmail} (completed)`);
      await user.click(button('Next'));
      await user.click(await screen.findByRole('button', { name: 'Complete' }));
      expect(await screen.findByText(GO_GREEN_MESSAGES.thankYou)).toBeInTheDocument();
      expect(api.sent(OPT_IN)[0]?.body).toMatchObject({ email: 'new@example.com' });
    });

    test('a failed server check marks the address invalid', async () => {
      const { user } = renderGoGreen({ [CHECK_EMAIL]: { status: 400, body: { errors: ['in use'] } } });
      await choose(user, GO_GREEN_MESSAGES.choiceNo);
      const input = await screen.findByLabelText('Email Address');
      await user.click(input);
      await user.paste('taken@example.com');
      await waitFor(() => expect(input).toHaveAccessibleDescription(MESSAGES.goGreenEmailInvalid));
      expect(button('Send Verification Email')).toBeDisabled();
    });

    test('requires validation: the waiting text and Cancel, which keeps the borrower on step 2', async () => {
      const { user } = renderGoGreen({
        [CHECK_EMAIL]: { body: { valid: true } },
        [EMAIL_CHANGE]: { body: { requires_validation: true } },
        'GET user/is_validated/': { body: { validated: false } },
      });
      await choose(user, GO_GREEN_MESSAGES.choiceNo);
      await user.click(await screen.findByLabelText('Email Address'));
      await user.paste('new@example.com');
      await waitFor(() => expect(button('Send Verification Email')).toBeEnabled());
      await user.click(button('Send Verification Email'));
      expect(await screen.findByText(GO_GREEN_MESSAGES.waiting)).toBeInTheDocument();
      await user.click(button('Cancel'));
      expect(await screen.findByLabelText('Email Address')).toHaveValue('new@example.com');
      expect(currentStep()).toHaveAccessibleName(STEP_TITLES.changeEmail);
    });
  });
});

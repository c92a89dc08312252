import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginAfterInactivity } from '../../lib/portalUrls';
import type { I18n } from '@lingui/core';
import { english } from '../../testing/english';
import { mockApi } from '../../testing/mockApi';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testI18n } from '../../testing/testI18n';
import { WARNING_BEFORE_END_MS } from './sessionTimeoutSaga';
import SessionTimeoutWidget from './SessionTimeoutWidget';

const fresh = { expires_in_seconds: 15 * 60, idle_timeout_seconds: 14 * 60, max_expires_in_seconds: 12 * 3600 };
const WARN_AT = fresh.expires_in_seconds * 1000 - WARNING_BEFORE_END_MS;

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function renderWidget(i18n?: I18n) {
  const network = mockApi({
    'GET user/session/': { body: fresh },
    'POST user/session/extend/': { body: fresh },
    'POST account/logout/': { body: {} },
  });
  const rendered = renderWithProviders(
    <>
      <button type="button">Make a payment</button>
      <SessionTimeoutWidget />
    </>,
    { i18n },
  );
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  return { ...rendered, user, network };
}

const liveRegion = (dialog: HTMLElement) => within(dialog).getByRole('status');

// antd's dialog in jsdom takes seconds on this 2-core machine

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SessionTimeoutWidget', () => {
  it('shows nothing until 2 minutes before the end, then a dialog with the focus on "Stay signed in"', async () => {
    renderWidget();
    await advance(WARN_AT - 1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1000);
    const dialog = await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    // on the least destructive answer: Enter keeps the borrower signed in
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: english('sessionTimeout.signOut') })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('you will be signed out in 2 minutes because you have been inactive');
  });

  it('counts down every second on screen but announces only at the start, at 1 minute and at 30 seconds', async () => {
    renderWidget();
    await advance(WARN_AT);
    const dialog = await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    const atOpen = english('sessionTimeout.atOpen', { minutes: 2 });
    await waitFor(() => expect(liveRegion(dialog)).toHaveTextContent(atOpen));
    expect(atOpen).toBe('You will be signed out in 2 minutes because you have been inactive. Choose Stay signed in to continue.');
    const announced = [liveRegion(dialog).textContent];
    // every 5 s: a region that spoke each second (or each 5) would collect a text per step here
    for (let second = 5; second <= 100; second += 5) {
      await advance(5000);
      const text = liveRegion(dialog).textContent;
      if (text !== announced[announced.length - 1]) announced.push(text);
      // the time left in words, units and all (a screen reader read '1:55' as a time of day, and '28 s' as 's')
      if (second === 5) expect(dialog).toHaveTextContent('signed out in 1 minute and 55 seconds because');
      if (second === 60) expect(dialog).toHaveTextContent('signed out in 1 minute because');
      if (second === 90) expect(dialog).toHaveTextContent('signed out in 30 seconds because');
    }
    expect(announced).toEqual([atOpen, english('sessionTimeout.oneMinute'), english('sessionTimeout.thirtySeconds')]);
  });

  it('"Stay signed in" extends the session, closes the dialog and gives focus back', async () => {
    const { user, network } = renderWidget();
    const payment = screen.getByRole('button', { name: 'Make a payment' });
    payment.focus();
    await advance(WARN_AT);
    const dialog = await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    await user.click(within(dialog).getByRole('button', { name: english('sessionTimeout.stay') }));
    await advance(1000);
    expect(network.sent('POST user/session/extend/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payment).toHaveFocus();
  });

  it('Escape counts as "Stay signed in"', async () => {
    const { user, network } = renderWidget();
    await advance(WARN_AT);
    await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    await user.keyboard('{Escape}');
    await advance(1000);
    expect(network.sent('POST user/session/extend/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the ✕ says what it does (it is not a second "Sign out") and does it: stays signed in', async () => {
    const { user, network } = renderWidget();
    await advance(WARN_AT);
    const dialog = await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    await user.click(within(dialog).getByRole('button', { name: 'Close this warning and stay signed in' }));
    await advance(1000);
    expect(network.sent('POST user/session/extend/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ignored: signs out and goes to the sign-in page with the inactivity flag', async () => {
    const { network, visited } = renderWidget();
    await advance(WARN_AT);
    await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    await advance(WARNING_BEFORE_END_MS);
    expect(network.sent('POST account/logout/')).toHaveLength(1);
    expect(visited).toEqual([{ url: loginAfterInactivity(window.location.pathname), fullReload: true }]);
  });

  it('"Sign out" signs out through the sign-out call', async () => {
    const { user, network, visited } = renderWidget();
    await advance(WARN_AT);
    const dialog = await screen.findByRole('dialog', { name: english('sessionTimeout.title') });
    await user.click(within(dialog).getByRole('button', { name: english('sessionTimeout.signOut') }));
    await advance(0);
    expect(network.sent('POST account/logout/')).toHaveLength(1);
    expect(visited).toEqual([{ url: '/loanmanager/login/?signed_out=1', fullReload: true }]);
  });

  it('in Spanish: the title, the countdown, the buttons and what the live region says', async () => {
    renderWidget(testI18n('es'));
    await advance(WARN_AT);
    const dialog = await screen.findByRole('dialog', { name: 'Su sesión está por terminar' });
    expect(within(dialog).getByRole('button', { name: 'Mantener la sesión' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    // the ✕ beside "Cerrar sesión" says what it does, not "Cerrar" (issue 39 item 13)
    expect(within(dialog).getByRole('button', { name: 'Cerrar este aviso y mantener la sesión' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Por su seguridad, su sesión se cerrará en 2 minutos por inactividad.');
    await waitFor(() =>
      expect(liveRegion(dialog)).toHaveTextContent(
        'Su sesión se cerrará en 2 minutos por inactividad. Elija Mantener la sesión para continuar.',
      ),
    );
  });
});

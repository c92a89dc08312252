import type { I18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { PopupItem } from '../../api/schemas';
import { defaultConfig } from '../../platform/config';
import { makeReplayStore, showReplayState } from '../../app/recorder/replayStore';
import type { RootState } from '../../app/fullStore';
import { english } from '../../testing/english';
import { mockApi } from '../../testing/mockApi';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { testI18n } from '../../testing/testI18n';
import PopupsWidget from './PopupsWidget';

// each dialog here closes by its fallback (jsdom runs no animation): seconds per test on a shared machine

const SEEN = 'POST user/set_popup_seen/';
const DISMISS = 'POST user/dismiss_popup/';

function renderPopups(items: PopupItem[], i18n?: I18n) {
  const network = mockApi({ 'POST user/popup/': { body: items }, [SEEN]: { body: {} }, [DISMISS]: { body: {} } });
  const rendered = renderWithProviders(<PopupsWidget />, { dependencies: { config: defaultConfig({ coacct: '6' }) }, i18n });
  return { ...rendered, network };
}

/** Each benefit is its name followed by a short line. */
function expectBenefits(dialog: HTMLElement, names: string[]) {
  const items = within(dialog).getAllByRole('listitem');
  expect(items).toHaveLength(names.length);
  items.forEach((item, index) => {
    const name = names[index] ?? '';
    // the whole name (so "Faster" is not "Fast"), then its line, which starts a sentence
    expect(item.textContent?.startsWith(name)).toBe(true);
    expect(item.textContent?.slice(name.length)).toMatch(/^\s*[A-Z]/);
  });
}

type User = ReturnType<typeof renderWithProviders>['user'];

/** Tabs to a control, checking at each step that focus stays inside the dialog. */
async function tabTo(user: User, dialog: HTMLElement, name: string) {
  const target = within(dialog).getByRole('button', { name });
  for (let step = 0; step < 20 && document.activeElement !== target; step += 1) {
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  }
  expect(target).toHaveFocus();
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const gone = (name: string) => waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());

describe('PopupsWidget', () => {
  it('go green: the four benefits, the link to go green, and the decline link that closes it', async () => {
    const { user, network, store } = renderPopups([{ id: 'go-green-auto-pay', sub_type: 'go_green' }]);
    const dialog = await dialogNamed('Go Paperless, Go Green');
    expectBenefits(dialog, ['Fast', 'Convenient', 'Green', 'Free']);
    expect(within(dialog).getByRole('link', { name: 'Click Here to Go Green' })).toHaveAttribute('href', '/loanmanager/go-green/');
    expect(within(dialog).queryByRole('link', { name: /automatic payments/i })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Not at this time, I prefer to receive paper documents via mail' }));
    await gone('Go Paperless, Go Green');
    expect(store.getState().popups.current).toMatchObject({ phase: 'closed', closeReason: 'declined' });
    expect(network.sent(SEEN).map((request) => request.body)).toEqual([{ id_to_mark_as_seen: 'go-green-auto-pay' }]);
  });

  it('go green: the link goes to the go green page through the navigation service', async () => {
    const { user, visited } = renderPopups([{ id: 'go-green-auto-pay', sub_type: 'go_green' }]);
    const dialog = await dialogNamed('Go Paperless, Go Green');
    await user.click(within(dialog).getByRole('link', { name: 'Click Here to Go Green' }));
    expect(visited).toEqual([{ url: '/loanmanager/go-green/', fullReload: false }]);
  });

  it('auto pay: the five benefits with the draft day, the setup link and its decline link', async () => {
    const { user } = renderPopups([{ id: 'go-green-auto-pay', sub_type: 'auto_pay' }]);
    const dialog = await dialogNamed(english('popups.autoPayHeading'));
    expectBenefits(dialog, ['Convenience', 'Cost-Free', 'Hassle-Free', 'Avoid Delays and Late Fees', 'Flexibility']);
    expect(within(dialog).getByText(/between the 1st and the 15th of each month/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: english('popups.autoPayLink') })).toHaveAttribute(
      'href',
      '/loanmanager/eftsetuprequest/',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Not at this time, I prefer to pay manually' }));
    await gone(english('popups.autoPayHeading'));
  });

  it('combined: both offers under their own headings, both links, and "Not at this time"', async () => {
    const { user, store } = renderPopups([{ id: 'go-green-auto-pay', sub_type: 'auto_pay_go_green_combined' }]);
    const dialog = await dialogNamed(english('popups.combinedHeading'));
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Go Paperless, Go Green' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 3, name: english('popups.autoPayHeading') })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(9);
    expect(within(dialog).getByRole('link', { name: 'Click Here to Go Green' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: english('popups.autoPayLink') })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /prefer/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Not at this time' }));
    await gone(english('popups.combinedHeading'));
    expect(store.getState().popups.current?.closeReason).toBe('declined');
  });

  it('tax: the year in the title, mail and online options, the FAQ, 800 px wide; Escape closes it without dismissing', async () => {
    const { user, network, store } = renderPopups([{ id: 'tax-reminder', tax_year: 2025 }]);
    const dialog = await dialogNamed('2025 Tax Information');
    expect(dialog).toHaveStyle({ width: '800px' });
    expect(within(dialog).getByRole('heading', { name: english('popups.byMail') })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: english('popups.online') })).toBeInTheDocument();
    expect(within(dialog).getByText(/available online by January 31, 2026/)).toBeInTheDocument();

    const question = within(dialog).getByRole('button', { name: english('popups.faqWhen') });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByText(/Forms sent by mail can take several more days/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: "Don't show again" })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await gone('2025 Tax Information');
    expect(store.getState().popups.current).toMatchObject({ phase: 'closed', closeReason: 'dismissed' });
    expect(network.sent(DISMISS)).toHaveLength(0);
  });

  it.each([
    ["Don't show again", 'dont-show-again', 1],
    ['Ok', 'ok', 0],
  ] as const)('tax: "%s" closes it with reason %s, dismissals sent: %d', async (button, reason, dismissals) => {
    const { user, network, store } = renderPopups([{ id: 'tax-reminder', tax_year: '2025' }]);
    const dialog = await dialogNamed('2025 Tax Information');
    await user.click(within(dialog).getByRole('button', { name: button }));
    await gone('2025 Tax Information');
    expect(store.getState().popups.current?.closeReason).toBe(reason);
    await waitFor(() => expect(network.sent(DISMISS)).toHaveLength(dismissals));
  });

  it('verify email: the address on file and the 2FA notice, 300 px wide; only the acknowledge button closes it', async () => {
    const { user, store } = renderPopups([{ id: 'tfa-verify-email', email: 'uma.unverified@example.com' }]);
    const dialog = await dialogNamed('Please Verify Your Email Address');
    expect(dialog).toHaveStyle({ width: '300px' });
    expect(within(dialog).getByText('uma.unverified@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText(/Two-factor authentication will be required the next time you sign in/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'I need to change my email address' })).toHaveAttribute(
      'href',
      '/loanmanager/profile/',
    );
    expect(within(dialog).queryByRole('button', { name: english('common.dialog.close') })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Please Verify Your Email Address' })).toBeInTheDocument();
    expect(store.getState().popups.current?.phase).toBe('open');

    // in 300 px its label takes two lines: the page's line height and room above and below, not antd's packed `normal`
    const acknowledge = within(dialog).getByRole('button', { name: 'I acknowledge this email is correct' });
    expect(acknowledge.getAttribute('style')).toContain('padding-block: 8px');
    expect(acknowledge).toHaveStyle({ whiteSpace: 'normal', lineHeight: '1.5', minHeight: '44px' });

    await user.click(acknowledge);
    await gone('Please Verify Your Email Address');
    expect(store.getState().popups.current?.closeReason).toBe('acknowledged');
  });

  it('shows a sequence one dialog at a time, with the keyboard alone', async () => {
    const { user, network } = renderPopups([
      { id: 'go-green-auto-pay', sub_type: 'auto_pay_go_green_combined' },
      { id: 'tax-reminder', tax_year: 2025 },
      { id: 'tfa-verify-email', email: 'uma.unverified@example.com' },
    ]);
    await dialogNamed(english('popups.combinedHeading'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    const tax = await dialogNamed('2025 Tax Information');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => expect(tax.contains(document.activeElement)).toBe(true));
    await tabTo(user, tax, 'Ok');
    await user.keyboard('{Enter}');
    const verify = await dialogNamed('Please Verify Your Email Address');
    await waitFor(() => expect(verify.contains(document.activeElement)).toBe(true));
    await tabTo(user, verify, 'I acknowledge this email is correct');
    await user.keyboard(' ');
    await gone('Please Verify Your Email Address');
    expect(network.sent(SEEN)).toHaveLength(3);
  });

  it('time travel: a replayed state shows the dialogs exactly as they were', async () => {
    const { user, store } = renderPopups([
      { id: 'go-green-auto-pay', sub_type: 'go_green' },
      { id: 'tax-reminder', tax_year: 2025 },
    ]);
    const states: RootState[] = [];
    const unsubscribe = store.subscribe(() => states.push(store.getState()));
    await dialogNamed('Go Paperless, Go Green');
    const goGreenOpen = store.getState();
    await user.click(screen.getByRole('button', { name: 'Not at this time, I prefer to receive paper documents via mail' }));
    await dialogNamed('2025 Tax Information');
    const taxOpen = store.getState();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await gone('2025 Tax Information');
    unsubscribe();
    const taxClosing = states.find((state) => state.popups.current?.popup.id === 'tax-reminder' && state.popups.current.phase === 'closing');
    if (!taxClosing) throw new Error('no closing state was recorded');

    const replay = makeReplayStore(goGreenOpen, defaultConfig());
    const view = renderWithProviders(<PopupsWidget />, { store: replay });
    expect(view.store.getState().popups).toEqual(goGreenOpen.popups);
    expect(await dialogNamed('Go Paperless, Go Green')).toBeInTheDocument();
    act(() => showReplayState(replay, taxOpen));
    await gone('Go Paperless, Go Green');
    expect(await dialogNamed('2025 Tax Information')).toBeInTheDocument();
    act(() => showReplayState(replay, taxClosing));
    await gone('2025 Tax Information');
    expect(replay.getState().popups).toEqual(taxClosing.popups);
    act(() => showReplayState(replay, goGreenOpen));
    expect(await dialogNamed('Go Paperless, Go Green')).toBeInTheDocument();
  });
});

describe('PopupsWidget in Spanish', () => {
  const spanish = testI18n('es');

  it('go green: its heading, benefits, link and decline button', async () => {
    const { user } = renderPopups([{ id: 'go-green-auto-pay', sub_type: 'go_green' }], spanish);
    const dialog = await dialogNamed('Documentos sin papel con Go Green');
    expectBenefits(dialog, ['Rápido', 'Práctico', 'Ecológico', 'Gratis']);
    expect(within(dialog).getByRole('link', { name: 'Haga clic aquí para inscribirse en Go Green' })).toHaveAttribute(
      'href',
      '/loanmanager/go-green/',
    );
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ahora no, prefiero recibir documentos en papel por correo postal' }));
    await gone('Documentos sin papel con Go Green');
  });

  it('tax: the year in the title and the date written the Spanish way', async () => {
    renderPopups([{ id: 'tax-reminder', tax_year: 2025 }], spanish);
    const dialog = await dialogNamed('Información tributaria de 2025');
    expect(within(dialog).getByText(/en línea a más tardar el 31 de enero de 2026\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No volver a mostrar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
  });

  it('verify email: its title and the acknowledge button', async () => {
    renderPopups([{ id: 'tfa-verify-email', email: 'uma.unverified@example.com' }], spanish);
    const dialog = await dialogNamed('Verifique su correo electrónico');
    expect(within(dialog).getByRole('button', { name: 'Confirmo que este correo es correcto' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Necesito cambiar mi correo electrónico' })).toBeInTheDocument();
  });
});

describe("the landing page's offer of a passkey (issue 49)", () => {
  /** What the server draws at the top of a landing page when an offer is due: hidden until the widget shows it. */
  function drawnOffer() {
    const offer = document.createElement('section');
    offer.setAttribute('data-loanmanager-passkey-offer', '');
    offer.setAttribute('aria-label', 'Sign in faster with a passkey');
    offer.hidden = true;
    offer.innerHTML = '<a href="/loanmanager/profile/#passkeys">Add a passkey</a><form><button type="submit">Not now</button></form>';
    document.body.prepend(offer);
    return offer;
  }

  function renderWith(passkeys: boolean) {
    mockApi({ 'POST user/popup/': { body: [] } });
    return renderWithProviders(<PopupsWidget />, { dependencies: { config: defaultConfig({ coacct: '6', passkeys }) } });
  }

  afterEach(() => {
    document.querySelector('[data-loanmanager-passkey-offer]')?.remove();
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });

  it('is shown where the server offers passkeys and the browser has WebAuthn, as a region, without taking the focus', async () => {
    Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, value: class PublicKeyCredential {} });
    const offer = drawnOffer();
    const focused = document.activeElement;
    renderWith(true);
    const region = await screen.findByRole('region', { name: 'Sign in faster with a passkey' });
    expect(region).toBe(offer);
    expect(within(region).getByRole('link', { name: 'Add a passkey' })).toHaveAttribute('href', '/loanmanager/profile/#passkeys');
    expect(within(region).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
    expect(document.activeElement).toBe(focused);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays hidden in a browser without WebAuthn, and where the server has passkeys off', async () => {
    const offer = drawnOffer();
    renderWith(true);
    await act(async () => undefined);
    expect(offer.hidden).toBe(true);
    Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, value: class PublicKeyCredential {} });
    renderWith(false);
    await act(async () => undefined);
    expect(offer.hidden).toBe(true);
    expect(screen.queryByRole('region', { name: 'Sign in faster with a passkey' })).not.toBeInTheDocument();
  });
});

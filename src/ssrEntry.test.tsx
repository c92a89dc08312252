/**
 * The server-rendered first view (issue 18): every portal page, in every language, rendered by
 * src/ssrEntry.tsx as the reference server renders it, then hydrated by the loader's own
 * mounting code (src/widgets/mountWidget.tsx) in a development build of React, which reports
 * every difference between the server's HTML and the browser's first render. A mismatch fails
 * here. Each case loads its own modules: the page store and the page's texts are one per page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setImmediate as nodeSetImmediate } from 'node:timers';
import type { ComponentType } from 'react';
import english from './platform/i18n/locales/en.json';
import spanish from './platform/i18n/locales/es.json';
import { LOCALES, type Locale } from './platform/i18n/locales';
import { FIRST_ANSWERS_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from './platform/renderProtocol';
import { PORTAL_PAGES } from './platform/widgetCatalog';
import { appendJsonDataBlock } from './testing/jsonDataBlock';
import { mockApi } from './testing/mockApi';

// React's server renderer for Node schedules its work with setImmediate, which jsdom's window has not
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? nodeSetImmediate });

const NONCE = 'nonce-of-the-emailed-link-123';

/** The address of a catalog page, as a borrower opens it (the reset and verify pages with their nonce). */
const addressOf = (path: string) =>
  path === 'reset_password/*'
    ? `/loanmanager/reset_password/${NONCE}/`
    : path === 'verify_email'
      ? `/loanmanager/verify_email/?nonce=${NONCE}`
      : `/loanmanager/${path}/`;

const PAGES = PORTAL_PAGES.filter((page) => page.widget !== null).map((page) => ({ path: page.path, url: addressOf(page.path) }));

/** The config block the reference server writes (server/routes/pages/). */
const rawConfig = (locale: Locale, path: string) => ({
  recaptcha: { method: 'dummy', site_key: null },
  coacct: path === 'go-green' || path === 'profile' ? '1' : null,
  reset_nonce: path === 'reset_password/*' ? NONCE : null,
  devtools: false,
  record_actions: false,
  qa_tools: false,
  locale,
});

interface Rendered {
  element: HTMLElement;
  /** what React reported while hydrating: mismatches, recoverable errors */
  hydrationErrors: string[];
  hydrate(): Promise<void>;
}

const isHydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));

/**
 * The page as the server sends it (the widget element holding the server's HTML), with the loader's
 * mounting code ready to hydrate it, as the loader does, with the page's language and catalog; `test`
 * runs with the page's own modules (the chunks the widget loads later come from them too).
 */
async function withServerRenderedPage(
  locale: Locale,
  path: string,
  url: string,
  test: (page: Rendered) => Promise<void>,
  firstAnswers?: Record<string, unknown>,
) {
  window.history.replaceState(null, '', url);
  const raw = rawConfig(locale, path);
  const hydrationErrors: string[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (/hydrat|did not match|didn't match/i.test(text)) hydrationErrors.push(text);
  });
  try {
    await jest.isolateModulesAsync(async () => {
      const { choosePageLocale } = await import('./platform/i18n/pageLocale');
      choosePageLocale(raw);
      const { addPageMessages, pageI18n } = await import('./platform/i18n/pageI18n');
      const { compileMessages } = await import('./platform/i18n/compileMessages');
      pageI18n().setMessagesCompiler(compileMessage);
      addPageMessages(compileMessages(locale === 'es' ? spanish : english, { fallback: english }));
      const { renderPortalPage } = await import('./ssrEntry');
      const rendered = await renderPortalPage({ url, config: raw, ...(firstAnswers ? { firstAnswers } : {}) });
      if (rendered === null) throw new Error(`no server render for ${url}`);
      document.head.innerHTML = rendered.headStyles;
      const element = document.createElement('div');
      element.setAttribute('data-loanmanager-widget', 'portal');
      element.setAttribute('lang', locale);
      element.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
      element.innerHTML = rendered.html;
      document.body.replaceChildren(element);
      // as server/pages/html.ts writes it after the widget
      if (firstAnswers) appendJsonDataBlock(document, FIRST_ANSWERS_ELEMENT_ID, JSON.stringify(firstAnswers));
      const { getPageStore, mountWidget } = await import('./widgets/mountWidget');
      const { parseConfig } = await import('./platform/config');
      const { default: PortalApp } = (await import('./pages/PortalApp')) as { default: ComponentType };
      await test({
        element,
        hydrationErrors,
        async hydrate() {
          void mountWidget(element, 'portal', PortalApp, parseConfig(raw));
          const heading = within(element).getByRole('heading', { level: 1 });
          await waitFor(() => expect(isHydrated(heading)).toBe(true));
          // the flows start after the first view: waited for here, so that their first requests are this
          // page's and never land in the next test's (they did on a loaded machine); then their answers render
          await (await getPageStore(parseConfig(raw))).startFlows();
          await new Promise((resolve) => setTimeout(resolve, 100));
        },
      });
    });
  } finally {
    consoleError.mockRestore();
  }
}

/** The page's styles of the theme's root CSS variables (`.lm{--lm-…}`, written by antd) */
const rootVariables = () => [...document.head.querySelectorAll('style')].filter((style) => style.textContent?.trimStart().startsWith('.lm{'));

beforeEach(() => {
  // the flows start after hydration: every request they send gets a mock's refusal
  mockApi({});
});

describe.each(LOCALES)('the server-rendered first view, in %s', (locale) => {
  it.each(PAGES)('$path: hydrates without a mismatch, keeping the server’s elements', ({ path, url }) =>
    withServerRenderedPage(locale, path, url, async (page) => {
    const heading = within(page.element).getByRole('heading', { level: 1 });
    const fields = within(page.element).queryAllByRole('textbox');
    expect(heading).toHaveTextContent(/\S/);

    const variables = rootVariables();
    expect(variables).toHaveLength(1);

    await page.hydrate();

    expect(page.hydrationErrors).toEqual([]);
    // the same nodes, made live: hydrated, not drawn again
    expect(within(page.element).getByRole('heading', { level: 1 })).toBe(heading);
    expect(within(page.element).queryAllByRole('textbox')).toEqual(fields);
    // antd found the theme's variables the server wrote, and added no second copy to restyle the page
    expect(rootVariables()).toEqual(variables);
    }));
});

/** go-green/status of a borrower whose address on file is not verified yet. */
const STATUS = {
  email_address: 'uma.unverified@example.com',
  email_validated: false,
  electdocs: false,
  disclosures: '<p>Electronic delivery disclosures.</p>',
};

/** What each status draws first, on go-green and on profile (message ids of the catalogs). */
const STATUS_CASES = [
  { name: 'an address on file not verified yet', status: STATUS, goGreen: 'goGreen.detailsCorrect', profile: null },
  { name: 'already paperless', status: { ...STATUS, email_validated: true, electdocs: true }, goGreen: 'goGreen.optOutStops', profile: null },
  { name: 'no address on file', status: { ...STATUS, email_address: '' }, goGreen: 'goGreen.noEmailOnFile', profile: 'profile.noEmail' },
] as const;

describe.each(LOCALES)('a page that comes with its answer (go-green/status), in %s', (locale) => {
  const catalog = locale === 'es' ? spanish : english;
  const cases = ['go-green', 'profile'].flatMap((path) => STATUS_CASES.map((status) => ({ path, ...status })));
  it.each(cases)('$path, $name: drawn with it, hydrated without a mismatch, and not asked again', ({ path, status, goGreen, profile }) => {
    const api = mockApi({});
    const expected = path === 'go-green' ? catalog[goGreen] : profile ? catalog[profile] : status.email_address;
    return withServerRenderedPage(
      locale,
      path,
      `/loanmanager/${path}/`,
      async (page) => {
        const drawn = within(page.element).getByText(expected, { exact: false });
        expect(within(page.element).queryByText(catalog['common.loading'])).toBeNull();

        await page.hydrate();

        expect(page.hydrationErrors).toEqual([]);
        // the same node, made live, and nothing waits for an answer the page already has
        expect(within(page.element).getByText(expected, { exact: false })).toBe(drawn);
        expect(isHydrated(drawn)).toBe(true);
        expect(api.sent('GET go-green/status/')).toEqual([]);
        expect(within(page.element).queryByText(catalog['common.loading'])).toBeNull();
        if (path === 'go-green' && !status.electdocs && status.email_address) {
          // the wizard works from it: "yes" with an unverified address leads on to its verification
          await userEvent.click(within(page.element).getByRole('radio', { name: catalog['goGreen.choiceYes'] }));
          expect(within(page.element).getByRole('button', { name: catalog['goGreen.next'] })).toBeEnabled();
        }
      },
      { getGoGreenStatus: status },
    );
  });
});

describe.each(LOCALES)('go-green after an opt-out, in %s', (locale) => {
  const catalog = locale === 'es' ? spanish : english;
  it('is drawn saying so above the wizard, and still says so once live: nothing appears later to push the page down', () => {
    mockApi({});
    return withServerRenderedPage(
      locale,
      'go-green',
      '/loanmanager/go-green/',
      async (page) => {
        const notice = within(page.element).getByText(catalog['goGreen.optedOut']);
        const question = within(page.element).getByText(catalog['goGreen.detailsCorrect']);
        expect(notice.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

        await page.hydrate();

        expect(page.hydrationErrors).toEqual([]);
        expect(within(page.element).getByText(catalog['goGreen.optedOut'])).toBe(notice);
        expect(isHydrated(notice)).toBe(true);
      },
      { getGoGreenStatus: STATUS, goGreenOptOut: { opted_out: true } },
    );
  });
});

describe.each(LOCALES)('the reset page that comes with its link’s check (validate_nonce), in %s', (locale) => {
  const catalog = locale === 'es' ? spanish : english;
  const path = 'reset_password/*';
  it.each([
    { name: 'valid: the form', valid: true },
    { name: 'expired: the notice and the way to a new link', valid: false },
  ])('$name, drawn with it, hydrated without a mismatch, and not asked again', ({ valid }) => {
    const api = mockApi({});
    return withServerRenderedPage(
      locale,
      path,
      addressOf(path),
      async (page) => {
        const drawn = valid
          ? within(page.element).getByLabelText(catalog['passwordReset.password'], { selector: 'input' })
          : within(page.element).getByRole('link', { name: catalog['passwordReset.requestAgain'] });
        if (!valid) expect(within(page.element).getByText(catalog['passwordReset.expired'])).toBeInTheDocument();
        expect(within(page.element).queryByText(catalog['passwordReset.checking'])).toBeNull();

        await page.hydrate();

        expect(page.hydrationErrors).toEqual([]);
        expect(isHydrated(drawn)).toBe(true);
        expect(drawn.isConnected).toBe(true);
        expect(api.sent('POST account/validate_nonce/')).toEqual([]);
        expect(within(page.element).queryByText(catalog['passwordReset.checking'])).toBeNull();
      },
      { validateNonce: { valid } },
    );
  });
});

describe('the server render', () => {
  it('draws the page in its language: the Spanish sign-in page', () =>
    withServerRenderedPage('es', 'login', '/loanmanager/login/', async (page) => {
      expect(within(page.element).getByRole('heading', { level: 1 })).toHaveTextContent(spanish['login.title']);
      expect(within(page.element).getByRole('button', { name: spanish['login.submit'] })).toBeInTheDocument();
    }));

  it('draws the production config too (reCAPTCHA v3), without the browser’s captcha, which reaches for the document', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./platform/captcha', () => ({
        ...jest.requireActual<object>('./platform/captcha'),
        createCaptchaProvider: () => {
          throw new Error('document is not defined (a server has none)');
        },
      }));
      try {
        const { renderPortalPage } = await import('./ssrEntry');
        const production = { ...rawConfig('en', 'register'), recaptcha: { method: 'recaptcha_v3', site_key: 'site-key' }, devtools: false };
        const rendered = await renderPortalPage({ url: '/loanmanager/register/', config: production });
        expect(rendered?.html).toContain(`>${english['registration.title']}</h1>`);
      } finally {
        // a mock outlives the isolated registry: the later tests hydrate with the real captcha
        jest.dontMock('./platform/captcha');
      }
    });
  });

  it('never writes the nonce of the address into the page', async () => {
    for (const path of ['verify_email', 'reset_password/*']) {
      await withServerRenderedPage('en', path, addressOf(path), async (page) => {
        expect(page.element.innerHTML).toContain('<h1');
        expect(page.element.innerHTML).not.toContain(NONCE);
      });
    }
  });

  it('gives its forms an inert action: Enter before hydration sends nothing anywhere', () =>
    withServerRenderedPage('en', 'login', '/loanmanager/login/', async (page) => {
      const form = within(page.element).getByRole('form');
      expect(form.getAttribute('action')).toMatch(/^javascript:/);
      expect(form.getAttribute('method')).toBeNull();
      expect(page.element.innerHTML).not.toMatch(/<script/i);
    }));

  it('returns null for a page it does not draw: the pseudo-locale and an unknown address', async () => {
    await jest.isolateModulesAsync(async () => {
      const { renderPortalPage } = await import('./ssrEntry');
      await expect(renderPortalPage({ url: '/loanmanager/login/', config: { ...rawConfig('en', 'login'), locale: 'en-XA' } })).resolves.toBeNull();
      await expect(renderPortalPage({ url: '/loanmanager/no-such-page/', config: rawConfig('en', 'login') })).resolves.toBeNull();
      await expect(renderPortalPage({ url: '/loanmanager/qa/replay/', config: { ...rawConfig('en', 'login'), qa_tools: true } })).resolves.toBeNull();
    });
  });
});

describe('typing before hydration', () => {
  it('is kept, and reaches the store: the sign-in sends what was typed before the script arrived', async () => {
    const api = mockApi({ 'POST account/login/': { status: 400, body: { errors: ['Invalid username or password.'] } } });
    await withServerRenderedPage('en', 'login', '/loanmanager/login/', async (page) => {
    const username = within(page.element).getByLabelText(english['login.username']) as HTMLInputElement;
    const password = within(page.element).getByLabelText(english['login.password']) as HTMLInputElement;
    // the browser changes the fields itself: no React is listening yet
    username.value = 'early.bird';
    password.value = 'typed-before-hydration';

    await page.hydrate();

    expect(page.hydrationErrors).toEqual([]);
    expect(username).toHaveValue('early.bird');
    await userEvent.click(screen.getByRole('button', { name: english['login.submit'] }));
    await waitFor(() => expect(api.sent('POST account/login/')).toHaveLength(1));
    expect(api.sent('POST account/login/')[0]?.body).toMatchObject({ username: 'early.bird', password: 'typed-before-hydration' });
    expect(username).toHaveValue('early.bird');
    });
  });
});

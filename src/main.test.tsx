/**
 * The loader as a host page runs it: its entry (main.ts) starts it when loaded, so each test
 * builds the host page first and then loads a fresh copy of the module (jest.isolateModules). webpack's
 * `__webpack_public_path__` is a plain global here.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { CONFIG_ELEMENT_ID } from './platform/rawConfig';

// Each test loads the whole runtime (React, antd, the store) afresh, as a page does: slow on a busy machine.
const LOADING = { timeout: 15_000 };

const publicPath = globalThis as unknown as { __webpack_public_path__?: string };

function hostPage({ config, widgets }: { config?: string | object; widgets: string[] }) {
  document.body.replaceChildren();
  if (config !== undefined) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CONFIG_ELEMENT_ID;
    block.textContent = typeof config === 'string' ? config : JSON.stringify(config);
    document.body.appendChild(block);
  }
  return widgets.map((name) => {
    const box = document.createElement('section');
    box.setAttribute('aria-label', `box ${name}`);
    const element = document.createElement('div');
    element.setAttribute('data-loanmanager-widget', name);
    box.appendChild(element);
    document.body.appendChild(box);
    return box;
  });
}

/** Loads a fresh loanmanager-widgets.js (and, later, fresh chunks); returns what its start threw. */
function runLoader(): unknown {
  jest.resetModules();
  try {
    jest.requireActual('./main');
    return null;
  } catch (error) {
    return error;
  }
}

beforeEach(() => {
  publicPath.__webpack_public_path__ = '';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.replaceChildren();
});

describe('a page without the config block', () => {
  it("shows 'unable to get config' in every widget box, as an alert", () => {
    const boxes = hostPage({ widgets: ['request-password-reset', 'verify-email'] });
    const thrown = runLoader();
    expect(thrown).toEqual(new Error('unable to get config'));
    for (const box of boxes) expect(within(box).getByRole('alert')).toHaveTextContent('unable to get config');
  });

  it("bad JSON in the block: 'unable to get config' too", () => {
    const [box] = hostPage({ config: '{"static_url": ', widgets: ['request-password-reset'] });
    expect(runLoader()).toEqual(new Error('unable to get config'));
    expect(within(box as HTMLElement).getByRole('alert')).toHaveTextContent('unable to get config');
  });
});

describe('a page with the config block', () => {
  it('points webpack at static_url and mounts each widget into its own div', async () => {
    const [reset, login] = hostPage({
      config: { static_url: 'https://cdn.example.test/loanmanager/static' },
      widgets: ['request-password-reset', 'login'],
    });
    expect(runLoader()).toBeNull();
    expect(publicPath.__webpack_public_path__).toBe('https://cdn.example.test/loanmanager/static/');
    expect(await within(reset as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    expect(await within(login as HTMLElement).findByRole('textbox', { name: 'Username' }, LOADING)).toBeInTheDocument();
    expect(within(login as HTMLElement).getByLabelText('Password')).toBeInTheDocument();
    expect(within(reset as HTMLElement).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('the default static url is /loanmanager/static/', async () => {
    const [box] = hostPage({ config: {}, widgets: ['request-password-reset'] });
    runLoader();
    expect(publicPath.__webpack_public_path__).toBe('/loanmanager/static/');
    expect(await within(box as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
  });

  it('an unknown widget name shows an error in its own box; the other widget still mounts', async () => {
    const [unknown, reset] = hostPage({ config: {}, widgets: ['no-such-widget', 'request-password-reset'] });
    runLoader();
    expect(within(unknown as HTMLElement).getByRole('alert')).toHaveTextContent('Unknown widget "no-such-widget".');
    expect(await within(reset as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    expect(within(reset as HTMLElement).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("an invalid captcha method: 'invalid recaptcha method' in every widget box", async () => {
    const boxes = hostPage({ config: { recaptcha: { method: 'invisible' } }, widgets: ['request-password-reset', 'login'] });
    runLoader();
    for (const box of boxes) {
      expect(await within(box).findByRole('alert', {}, LOADING)).toHaveTextContent('invalid recaptcha method');
    }
    expect(screen.queryByText('Having trouble signing in?')).not.toBeInTheDocument();
  });

  it('a widget whose code fails to load shows an error in its own box only', async () => {
    const [broken, reset] = hostPage({ config: {}, widgets: ['verify-email', 'request-password-reset'] });
    jest.resetModules();
    jest.doMock('./features/verifyEmail/VerifyEmailWidget', () => {
      throw new Error('chunk failed');
    });
    jest.requireActual('./main');
    expect(await within(broken as HTMLElement).findByRole('alert', {}, LOADING)).toHaveTextContent(
      'This part of the page could not be loaded. Please reload the page.',
    );
    expect(await within(reset as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    jest.dontMock('./features/verifyEmail/VerifyEmailWidget');
  });

  it("the loader's error is in the page's language", async () => {
    const [broken] = hostPage({ config: { locale: 'es' }, widgets: ['verify-email'] });
    jest.resetModules();
    jest.doMock('./features/verifyEmail/VerifyEmailWidget', () => {
      throw new Error('chunk failed');
    });
    jest.requireActual('./main');
    expect(await within(broken as HTMLElement).findByRole('alert', {}, LOADING)).toHaveTextContent(
      'No se pudo cargar esta parte de la página. Vuelva a cargar la página.',
    );
    jest.dontMock('./features/verifyEmail/VerifyEmailWidget');
  });

  it('a widget whose mounting throws shows an error in its own box only', async () => {
    const [broken, reset] = hostPage({ config: {}, widgets: ['verify-email', 'request-password-reset'] });
    jest.resetModules();
    jest.doMock('./widgets/mountWidget', () => {
      const actual = jest.requireActual<typeof import('./widgets/mountWidget')>('./widgets/mountWidget');
      return {
        ...actual,
        mountWidget: (element: HTMLElement, name: string, ...rest: [never, never]) => {
          if (name === 'verify-email') throw new Error('mount failed');
          actual.mountWidget(element, name, ...rest);
        },
      };
    });
    jest.requireActual('./main');
    expect(await within(broken as HTMLElement).findByRole('alert', {}, LOADING)).toHaveTextContent(
      'This part of the page could not be loaded. Please reload the page.',
    );
    expect(await within(reset as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    jest.dontMock('./widgets/mountWidget');
  });

  it('all widgets of the page share one store and one snackbar', async () => {
    const boxes = hostPage({ config: {}, widgets: ['request-password-reset', 'request-password-reset'] });
    runLoader();
    for (const box of boxes) expect(await within(box).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    // the loader's own (fresh) modules: the page store it made and the snackbar action
    const { getPageStore } = jest.requireActual<typeof import('./widgets/mountWidget')>('./widgets/mountWidget');
    const { defaultConfig } = jest.requireActual<typeof import('./platform/config')>('./platform/config');
    const { messageShown } = jest.requireActual<typeof import('./state/snackbarSlice')>(
      './state/snackbarSlice',
    );
    const store = await getPageStore(defaultConfig());
    // once the flows run (they started with the first view)
    await store.startFlows();
    // only what this page's widgets need: two widgets of one kind, one feature
    expect(Object.keys(store.getState()).sort()).toEqual(['api', 'requestPasswordReset', 'snackbar']);
    store.dispatch(messageShown('Shown once'));
    await waitFor(() => expect(screen.getAllByText('Shown once')).toHaveLength(1), LOADING);
    // ...in the page's own snackbar element, never inside a widget box (whichever widget mounted first)
    for (const box of boxes) expect(within(box).queryByText('Shown once')).not.toBeInTheDocument();
    expect(screen.getByText('Shown once').closest('[data-loanmanager-snackbar]')).toBeInTheDocument();

    // both widgets read the same state
    store.dispatch({ type: 'requestPasswordReset/fieldChanged', payload: { username: 'ada' } });
    for (const box of boxes) await waitFor(() => expect(within(box).getByRole('textbox')).toHaveValue('ada'));
  });

  it('a page that records for QA gets the full store, with the recorder and its toolbar, loaded on demand', async () => {
    const [box] = hostPage({ config: { record_actions: true }, widgets: ['request-password-reset'] });
    runLoader();
    expect(await within(box as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    const { getPageStore } = jest.requireActual<typeof import('./widgets/mountWidget')>('./widgets/mountWidget');
    const { defaultConfig } = jest.requireActual<typeof import('./platform/config')>('./platform/config');
    const { rootReducer } = jest.requireActual<typeof import('./app/rootReducer')>('./app/rootReducer');
    const store = await getPageStore(defaultConfig());
    // every slice, as the replay rebuilds it, so a recording replays to exactly the live state
    expect(Object.keys(store.getState()).sort()).toEqual(Object.keys(rootReducer(undefined, { type: '@@test/init' })).sort());
    expect(await screen.findByRole('region', { name: 'QA recording' }, LOADING)).toBeInTheDocument();
    expect(window.loanmanagerRecorder?.recording().actions).toBeDefined();
    delete window.loanmanagerRecorder;
  });

  it("the config error is logged once, not once per widget", async () => {
    const boxes = hostPage({ config: { recaptcha: { method: 'invisible' } }, widgets: ['login', 'login', 'login'] });
    runLoader();
    for (const box of boxes) await within(box).findByRole('alert', {}, LOADING);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('[loanmanager]', new Error('invalid recaptcha method'));
  });

  it('the widget element carries the widget\'s language (the host page may be in another)', async () => {
    const [box] = hostPage({ config: { locale: 'es' }, widgets: ['request-password-reset'] });
    runLoader();
    await within(box as HTMLElement).findByRole('textbox', {}, LOADING);
    expect(box?.querySelector('[data-loanmanager-widget]')).toHaveAttribute('lang', 'es');
  });

  it('an unknown locale: the widget in English, and one report for the whole page', async () => {
    const boxes = hostPage({ config: { locale: 'fr-CA' }, widgets: ['request-password-reset', 'login'] });
    runLoader();
    for (const box of boxes) await within(box).findByRole('textbox', {}, LOADING);
    expect(await within(boxes[0] as HTMLElement).findByText('Having trouble signing in?', {}, LOADING)).toBeInTheDocument();
    for (const box of boxes) expect(box.querySelector('[data-loanmanager-widget]')).toHaveAttribute('lang', 'en');
    const reports = jest.mocked(console.error).mock.calls.filter(([line]) => String(line).includes('unknown locale'));
    expect(reports).toEqual([['[loanmanager] unknown locale in the config block; shown in English {"where":"config","locale":"fr-CA"}']]);
  });
});

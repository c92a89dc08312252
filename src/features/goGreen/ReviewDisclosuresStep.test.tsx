/**
 * The disclosures step with its sanitizer downloaded on demand (issue 8). The download is the
 * boundary mocked here, as the network is elsewhere: each test holds it open, fails it or lets
 * the real module load.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../testing/mockApi';
import { renderWidget } from '../../testing/renderWidget';
import { english } from '../../testing/english';
import { STEP_TITLES } from './goGreenMessages';
import GoGreenWidget from './GoGreenWidget';
import { loadClientDescription, loadDisclosuresSanitizer } from './onDemandModules';

jest.mock('./onDemandModules', () => {
  const actual = jest.requireActual<typeof import('./onDemandModules')>('./onDemandModules');
  return {
    ...actual,
    loadClientDescription: jest.fn(actual.loadClientDescription),
    loadDisclosuresSanitizer: jest.fn(actual.loadDisclosuresSanitizer),
  };
});

// antd's Steps and Radio are heavy in jsdom; on a busy CI machine a flow takes several seconds.

type SanitizerModule = Awaited<ReturnType<typeof loadDisclosuresSanitizer>>;

const HOSTILE =
  '<h3>Electronic delivery</h3><img src=x onerror="window.pwned=1"><script>window.pwned=1</script><p onmouseover="window.pwned=1">You agree.</p>';

function renderGoGreen() {
  mockApi({
    'GET go-green/status/': {
      body: { email_address: 'cory@example.com', email_validated: true, electdocs: false, disclosures: HOSTILE },
    },
    'POST go-green/opt_in/': { body: { electdocs: true } },
  });
  return renderWidget(<GoGreenWidget />);
}

async function toDisclosures(user: ReturnType<typeof renderGoGreen>['user']) {
  await user.click(await screen.findByRole('radio', { name: english('goGreen.choiceYes') }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: english(STEP_TITLES.reviewDisclosures) });
  return screen.getByRole('region', { name: english('goGreen.disclosures') });
}

/** The next sanitizer download stays open until the test releases it. */
function holdSanitizerDownload() {
  let finish: (module: SanitizerModule) => void = () => undefined;
  jest.mocked(loadDisclosuresSanitizer).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
  return () => act(async () => finish(jest.requireActual<SanitizerModule>('./sanitizeDisclosures')));
}

/** Every script or event-handler attribute that is ever put into the page while it runs. */
function watchForScripts() {
  const seen: string[] = [];
  const dangerous = (element: Element) =>
    [element, ...element.querySelectorAll('*')].flatMap((node) => [
      ...(node.tagName === 'SCRIPT' ? ['<script>'] : []),
      ...[...node.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => attribute.name),
    ]);
  const note = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.attributeName?.startsWith('on')) seen.push(record.attributeName);
      for (const node of record.addedNodes) if (node instanceof Element) seen.push(...dangerous(node));
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  return () => {
    note(observer.takeRecords());
    observer.disconnect();
    return seen;
  };
}

const complete = () => screen.getByRole('button', { name: 'Complete' });

afterEach(() => jest.clearAllMocks());

test('the sanitizer downloads once the wizard shows (not before), the client description once the disclosures step shows', async () => {
  const { user } = renderGoGreen();
  expect(screen.getByRole('status')).toHaveTextContent(english('common.loading'));
  expect(loadDisclosuresSanitizer).not.toHaveBeenCalled();
  await screen.findByRole('heading', { level: 2, name: english(STEP_TITLES.confirmEmail) });
  await waitFor(() => expect(loadDisclosuresSanitizer).toHaveBeenCalledTimes(1));
  expect(loadClientDescription).not.toHaveBeenCalled();

  await toDisclosures(user);
  expect(loadClientDescription).toHaveBeenCalledTimes(1);
  // back and forth: the wizard keeps what it loaded
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await toDisclosures(user);
  expect(await screen.findByRole('heading', { name: 'Electronic delivery' })).toBeInTheDocument();
  expect(loadDisclosuresSanitizer).toHaveBeenCalledTimes(1);
});

test('while the sanitizer downloads, the box shows a spinner and Complete is disabled; Back still works', async () => {
  holdSanitizerDownload();
  const { user } = renderGoGreen();
  const disclosures = await toDisclosures(user);
  expect(within(disclosures).getByRole('status')).toHaveTextContent(english('common.loading'));
  expect(disclosures).toHaveAttribute('aria-busy', 'true');
  expect(within(disclosures).queryByText('You agree.')).toBeNull();
  expect(complete()).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { level: 2, name: english(STEP_TITLES.confirmEmail) })).toHaveFocus();
});

test('once downloaded, the sanitized disclosures show; no script or event handler ever reaches the page', async () => {
  const seen = watchForScripts();
  const release = holdSanitizerDownload();
  const { user } = renderGoGreen();
  const disclosures = await toDisclosures(user);
  await release();
  expect(within(disclosures).getByRole('heading', { name: 'Electronic delivery' })).toBeInTheDocument();
  expect(within(disclosures).getByText('You agree.')).toBeInTheDocument();
  expect(within(disclosures).queryByRole('status')).toBeNull();
  expect(disclosures).not.toHaveAttribute('aria-busy', 'true');
  expect(complete()).toBeEnabled();
  await user.click(complete());
  expect(await screen.findByText(english('goGreen.thankYou'))).toBeInTheDocument();
  expect(seen()).toEqual([]);
  expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
});

test('a failed download shows an error in the step with Try again, which downloads it again', async () => {
  jest.mocked(loadDisclosuresSanitizer).mockRejectedValueOnce(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }));
  const { user, reported } = renderGoGreen();
  const disclosures = await toDisclosures(user);
  expect(within(disclosures).getByRole('alert')).toHaveTextContent(english('goGreen.disclosuresFailed'));
  // reported, so a broken deploy or CDN shows up in error reporting, not only on borrowers' screens
  expect(reported).toEqual([
    { kind: 'report', what: new Error('Loading chunk 7 failed.'), context: { flow: 'goGreenDisclosures' } },
  ]);
  expect(within(disclosures).queryByText('You agree.')).toBeNull();
  expect(complete()).toBeDisabled();

  await user.click(within(disclosures).getByRole('button', { name: english('goGreen.tryAgain') }));
  expect(await within(disclosures).findByText('You agree.')).toBeInTheDocument();
  expect(within(disclosures).queryByRole('alert')).toBeNull();
  expect(complete()).toBeEnabled();
  expect(loadDisclosuresSanitizer).toHaveBeenCalledTimes(2);
});

import { act, screen, waitFor } from '@testing-library/react';
import { createNavigation } from '../platform/navigation';
import type { PreparesHydration } from '../platform/renderProtocol';
import { english } from '../testing/english';
import { renderWithProviders } from '../testing/renderWithProviders';
import PortalApp, { loadFirstPage } from './PortalApp';
import { matchRoutes } from 'react-router-dom';
import { isPortalPath, matchPortalRoute, PORTAL_BASENAME, portalRoutes } from './portalRoutes';

describe('isPortalPath', () => {
  it.each([
    '/loanmanager/register/',
    '/loanmanager/register',
    '/loanmanager/recover_username/',
    '/loanmanager/request_password_reset',
    '/loanmanager/reset_password/',
    '/loanmanager/reset_password/abc/',
    '/loanmanager/verify_email/?nonce=abc',
    '/loanmanager/go-green/',
    '/loanmanager/login/',
    '/loanmanager/profile/',
    'http://portal.test/loanmanager/login/#top',
  ])('%s is a page of the router', (url) => {
    expect(isPortalPath(url)).toBe(true);
  });

  it.each([
    '/loanmanager/main/',
    '/loanmanager/loanoverview/',
    '/loanmanager/eftsetuprequest/',
    '/loanmanager/',
    '/loanmanager',
    '/loanmanager/api/user/popup/',
    '/loanmanager/registerx/',
    '/loanmanager/reset_passwordX',
    '/loanmanager/reset_passwordX/abc/',
    '/other/login/',
  ])('%s is a full page load', (url) => {
    expect(isPortalPath(url)).toBe(false);
  });

  it.each([
    ...portalRoutes.map((route) => `/loanmanager/${route.path.replace('*', 'abc')}/`),
    '/loanmanager/reset_password',
    '/loanmanager/reset_password/abc/def/',
    '/loanmanager/reset_passwordX/abc/',
    '/loanmanager/reset_passwordX',
    '/loanmanager/Register/',
    '/LOANMANAGER/login',
    '/loanmanager/login/extra/',
    '/loanmanager/',
    '/loanmanagerx/login/',
  ])('%s is matched as react-router matches it (a splat takes whole segments only)', (url) => {
    const byRouter = matchRoutes(portalRoutes, url, PORTAL_BASENAME)?.[0]?.route ?? null;
    expect(matchPortalRoute(url)?.path ?? null).toBe(byRouter?.path ?? null);
  });

  it('the reset page takes its nonce, not a longer name (the prefix test took reset_passwordX)', () => {
    expect(matchPortalRoute('/loanmanager/reset_password/abc/')?.path).toBe('reset_password/*');
    expect(matchPortalRoute('/loanmanager/reset_passwordX/abc/')).toBeNull();
  });

  it('every route has a title and a lazy page', () => {
    for (const route of portalRoutes) {
      // an id the catalog has no text for would come back as the id itself
      expect(english(route.titleId)).not.toBe(route.titleId);
      expect(route.Page).toBeDefined();
    }
  });
});

describe('loadFirstPage (before the portal mounts, so a server-drawn page hydrates without suspending)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads the page of the address', async () => {
    const route = matchPortalRoute('/loanmanager/register/');
    const preload = jest.spyOn(route!.Page, 'preload').mockResolvedValue(undefined);
    await loadFirstPage('http://portal.test/loanmanager/register/');
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('is what the portal prepares its hydration with (src/widgets/hydrateWidget.tsx)', () => {
    expect((PortalApp as PreparesHydration).prepareHydration).toBe(loadFirstPage);
  });

  it('loads nothing for an address that is not a widget page (a QA tool loads when shown)', async () => {
    const preloads = portalRoutes.map((route) => jest.spyOn(route.Page, 'preload').mockResolvedValue(undefined));
    await loadFirstPage('http://portal.test/loanmanager/nowhere/');
    await loadFirstPage('http://portal.test/loanmanager/qa/replay/');
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
  });
});

describe('PortalApp', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('renders the page of the address, lazily, and sets the document title', async () => {
    window.history.replaceState(null, '', '/loanmanager/request_password_reset');
    renderWithProviders(<PortalApp />);
    expect(await screen.findByText('Having trouble signing in?')).toBeInTheDocument();
    expect(document.title).toBe('Having trouble signing in? | Loan Manager');
    // the first page does not take focus: the borrower starts at the top of the document
    expect(document.body).toHaveFocus();
  });

  it('an unknown address shows a not-found page', async () => {
    window.history.replaceState(null, '', '/loanmanager/nowhere/');
    renderWithProviders(<PortalApp />);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('the navigation service routes inside the portal and loads the page for other addresses', async () => {
    window.history.replaceState(null, '', '/loanmanager/request_password_reset');
    const assign = jest.fn();
    const navigation = createNavigation(assign);
    renderWithProviders(<PortalApp />, { dependencies: { navigation } });
    await screen.findByText('Having trouble signing in?');

    act(() => navigation.navigate('/loanmanager/login/?next=1'));
    await waitFor(() => expect(window.location.pathname).toBe('/loanmanager/login/'));
    expect(window.location.search).toBe('?next=1');
    await waitFor(() => expect(document.title).toBe('Sign In | Loan Manager'));
    // after a move within the portal, focus is on the new page's heading, not on <body>
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus(), { timeout: 5000 });
    expect(assign).not.toHaveBeenCalled();

    act(() => navigation.navigate('/loanmanager/main/'));
    expect(assign).toHaveBeenCalledWith('/loanmanager/main/');

    act(() => navigation.navigate('/loanmanager/go-green/', { fullReload: true }));
    expect(assign).toHaveBeenLastCalledWith('/loanmanager/go-green/');
    expect(window.location.pathname).toBe('/loanmanager/login/');
   });

  it('after a move within the portal, Back returns to the first page (the router took over the history)', async () => {
    window.history.replaceState(null, '', '/loanmanager/request_password_reset');
    const navigation = createNavigation(jest.fn());
    renderWithProviders(<PortalApp />, { dependencies: { navigation } });
    await screen.findByText('Having trouble signing in?');
    act(() => navigation.navigate('/loanmanager/recover_username/'));
    await waitFor(() => expect(document.title).toBe('Recover Username | Loan Manager'));
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe('/loanmanager/request_password_reset'));
    expect(await screen.findByText('Having trouble signing in?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Having trouble signing in? | Loan Manager'));
  });

  it('a reset address with its nonce is the reset page, before and after the router loads', async () => {
    window.history.replaceState(null, '', '/loanmanager/reset_password/some-nonce/');
    const navigation = createNavigation(jest.fn());
    renderWithProviders(<PortalApp />, { dependencies: { navigation } });
    await waitFor(() => expect(document.title).toBe('Reset Password | Loan Manager'));
    act(() => navigation.navigate('/loanmanager/reset_password/other-nonce/'));
    await waitFor(() => expect(window.location.pathname).toBe('/loanmanager/reset_password/other-nonce/'));
    await waitFor(() => expect(document.title).toBe('Reset Password | Loan Manager'));
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('detaches the router when the portal unmounts', async () => {
    window.history.replaceState(null, '', '/loanmanager/request_password_reset');
    const assign = jest.fn();
    const navigation = createNavigation(assign);
    const { unmount } = renderWithProviders(<PortalApp />, { dependencies: { navigation } });
    await screen.findByText('Having trouble signing in?');
    unmount();
    navigation.navigate('/loanmanager/login/');
    expect(assign).toHaveBeenCalledWith('/loanmanager/login/');
  });
});

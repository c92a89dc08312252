/**
 * The portal on a page store (as the loader mounts it): each route's widget brings its own
 * feature when its chunk loads. A file of its own: the page's feature list is per module registry.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { defaultConfig } from '../platform/config';
import { makePageStore } from '../firstView/pageStore';
import { createNavigation } from '../platform/navigation';
import { recordingReporter, renderWithProviders } from '../testing/renderWithProviders';
import PortalApp from './PortalApp';

afterEach(() => window.history.replaceState(null, '', '/'));

it("injects each route's feature as the route loads, keeping the earlier ones", async () => {
  window.history.replaceState(null, '', '/loanmanager/request_password_reset');
  const navigation = createNavigation(jest.fn());
  const store = makePageStore({
    dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation },
  });
  expect(Object.keys(store.getState()).sort()).toEqual(['snackbar']);
  renderWithProviders(<PortalApp />, { store });
  expect(await screen.findByText('Having trouble signing in?')).toBeInTheDocument();
  expect(Object.keys(store.getState()).sort()).toEqual(['requestPasswordReset', 'snackbar']);
  // the first view is up: the flows bring the API cache
  await act(() => store.startFlows());
  expect(Object.keys(store.getState()).sort()).toEqual(['api', 'requestPasswordReset', 'snackbar']);

  act(() => navigation.navigate('/loanmanager/login/'));
  await waitFor(() => expect(document.title).toBe('Sign In | Loan Manager'));
  expect(await screen.findByRole('textbox', { name: 'Username' })).toBeInTheDocument();
  expect(Object.keys(store.getState()).sort()).toEqual(['api', 'login', 'requestPasswordReset', 'snackbar']);
});

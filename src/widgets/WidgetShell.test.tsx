/**
 * WidgetShell's part in the page's load: the flows (RTK Query, the sagas) start after the widget's
 * first view, from a task of their own, not inside the commit that shows it.
 */
import { act, render, screen } from '@testing-library/react';
import { makePageStore } from '../app/pageStore';
import { defaultConfig } from '../platform/config';
import { createNavigation } from '../platform/navigation';
import { recordingReporter } from '../testing/renderWithProviders';
import { WidgetShell } from './WidgetShell';

function pageStore() {
  const store = makePageStore({
    dependencies: { config: defaultConfig(), reporter: recordingReporter().reporter, navigation: createNavigation(jest.fn()) },
  });
  return Object.assign(store, { startFlows: jest.fn(store.startFlows) });
}

const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

it('starts the flows once the first view is committed, in a task after the commit', async () => {
  const store = pageStore();
  render(
    <WidgetShell store={store} widget="test" startsFlows>
      <p>First view</p>
    </WidgetShell>,
  );
  expect(screen.getByText('First view')).toBeInTheDocument();
  expect(store.startFlows).not.toHaveBeenCalled();

  await nextTask();

  expect(store.startFlows).toHaveBeenCalledTimes(1);
});

it('starts none for a widget gone before that task', async () => {
  const store = pageStore();
  const { unmount } = render(
    <WidgetShell store={store} widget="test" startsFlows>
      <p>First view</p>
    </WidgetShell>,
  );
  unmount();

  await nextTask();

  expect(store.startFlows).not.toHaveBeenCalled();
});

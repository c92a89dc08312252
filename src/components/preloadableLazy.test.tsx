import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadableLazy } from './preloadableLazy';

function Greeting() {
  return <p>Hello from the chunk</p>;
}

function deferredModule() {
  let arrive: () => void = () => undefined;
  const load = jest.fn(
    () =>
      new Promise<{ default: typeof Greeting }>((resolve) => {
        arrive = () => resolve({ default: Greeting });
      }),
  );
  return { load, arrive: () => arrive() };
}

const renderInSuspense = (Page: ReturnType<typeof preloadableLazy>) =>
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((value) => value + 1)}>Pressed {count} times</button>;
}

describe('preloadableLazy', () => {
  it('not preloaded: once it has arrived, a later render keeps the same component and its state', async () => {
    // In Chromium, React can commit the lazy wrapper itself and a later render then swapped it for
    // the loaded component, mounting the page again (the QA replay page lost its recording:
    // e2e/recording.e2e.ts). jsdom does not reproduce that order; this pins the state kept here.
    const Page = preloadableLazy(() => Promise.resolve({ default: Counter }));
    function Parent() {
      const [label, setLabel] = useState('first');
      return (
        <Suspense fallback={<p>Loading…</p>}>
          <button onClick={() => setLabel('second')}>Change the label ({label})</button>
          <Page />
        </Suspense>
      );
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    await act(async () => startTransition(() => root.render(<Parent />)));
    await userEvent.click(await screen.findByRole('button', { name: 'Pressed 0 times' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change the label (first)' }));
    expect(screen.getByRole('button', { name: 'Change the label (second)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1 times' })).toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  it('not preloaded: suspends like React.lazy, then shows the component', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    renderInSuspense(Page);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(module.load).toHaveBeenCalledTimes(1);
    await act(async () => module.arrive());
    expect(await screen.findByText('Hello from the chunk')).toBeInTheDocument();
  });

  it('preloaded: its first render shows the component at once, without suspending', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    const preloaded = Page.preload();
    module.arrive();
    await preloaded;
    renderInSuspense(Page);
    // in the first commit, with no fallback in between
    expect(screen.getByText('Hello from the chunk')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('loads its module once, however often it is preloaded and rendered', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    const first = Page.preload();
    renderInSuspense(Page);
    const second = Page.preload();
    await act(async () => module.arrive());
    await Promise.all([first, second]);
    expect(await screen.findByText('Hello from the chunk')).toBeInTheDocument();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('a module that fails to load fails its preload', async () => {
    const Page = preloadableLazy(() => Promise.reject(new Error('chunk did not load')));
    await expect(Page.preload()).rejects.toThrow('chunk did not load');
  });
});

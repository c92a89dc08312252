import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { english } from '../../testing/english';
import { testI18n } from '../../testing/testI18n';
import { Dialog, useCloseFallback } from './Dialog';
import { nextDialogPhase, type DialogEvent, type DialogPhase, type DismissTrigger } from '../../lib/dialogMachine';
import { DIALOG_ANIMATION_MS, DIALOG_CLOSE_FALLBACK_MS, REDUCED_MOTION_QUERY } from '../../lib/dialogTiming';

/** A caller that keeps the phase in state and moves it only through the machine, as a slice does. */
function Harness({ closingDisabled = false, onClosed }: { closingDisabled?: boolean; onClosed: () => void }) {
  const [phases, setPhases] = useState<DialogPhase[]>(['closed']);
  const phase = phases[phases.length - 1] ?? 'closed';
  const [triggers, setTriggers] = useState<DismissTrigger[]>([]);
  const send = (event: DialogEvent) =>
    setPhases((history) => {
      const last = history[history.length - 1] ?? 'closed';
      const next = nextDialogPhase(last, event);
      return next === last ? history : [...history, next];
    });
  return (
    <>
      <button type="button" onClick={() => send({ type: 'opened' })}>
        Show terms
      </button>
      <p>phases: {phases.join(' > ')}</p>
      <p>close requests: {triggers.join(', ')}</p>
      <Dialog
        phase={phase}
        title="Terms"
        closingDisabled={closingDisabled}
        onCloseRequested={(trigger) => {
          setTriggers((list) => [...list, trigger]);
          send({ type: 'closeRequested', trigger, closingDisabled });
        }}
        onClosed={() => {
          onClosed();
          send({ type: 'closeFinished' });
        }}
        footer={
          <button type="button" onClick={() => send({ type: 'closeRequested', trigger: 'action', closingDisabled })}>
            Agree
          </button>
        }
      >
        <p>Read carefully.</p>
      </Dialog>
    </>
  );
}

const ENGLISH = testI18n('en');

/** The dialog's own texts (its close button's name) come from the catalog of the widget's language. */
const inLanguage =
  (i18n: I18n) =>
  ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

function setup(props: { closingDisabled?: boolean } = {}, i18n: I18n = ENGLISH) {
  const onClosed = jest.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  render(<Harness {...props} onClosed={onClosed} />, { wrapper: inLanguage(i18n) });
  return { user, onClosed };
}

/**
 * The backdrop around the dialog: a browser gives a click on it to the <dialog> element itself (its
 * panel fills the dialog, so no click inside the dialog's box has the dialog as its target).
 */
function backdropOf(dialog: HTMLElement): HTMLElement {
  return dialog;
}

async function settle(ms = DIALOG_CLOSE_FALLBACK_MS) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Dialog', () => {
  it('opens with the title as its accessible name and moves focus into it', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    await settle(DIALOG_ANIMATION_MS);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  type User = ReturnType<typeof userEvent.setup>;
  it.each<[DismissTrigger, (user: User) => Promise<void>]>([
    ['escape', (user) => user.keyboard('{Escape}')],
    ['closeButton', (user) => user.click(screen.getByRole('button', { name: english('common.dialog.close') }))],
    ['backdrop', (user) => user.click(backdropOf(screen.getByRole('dialog', { name: 'Terms' })))],
  ])('closes on %s: closing, then closed, reported once, focus back on the opener', async (trigger, close) => {
    const { user, onClosed } = setup();
    const opener = screen.getByRole('button', { name: 'Show terms' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Terms' });
    await close(user);
    await settle();
    expect(screen.getByText('phases: closed > open > closing > closed')).toBeInTheDocument();
    expect(screen.getByText(`close requests: ${trigger}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it("names its close button in the widget's language (antd's own label is English)", async () => {
    const { user, onClosed } = setup({}, testI18n('es'));
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    await screen.findByRole('dialog', { name: 'Terms' });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await settle();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('with closing disabled: no close button, and Escape does nothing; its own button still closes it', async () => {
    const { user, onClosed } = setup({ closingDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    await screen.findByRole('dialog', { name: 'Terms' });
    expect(screen.queryByRole('button', { name: english('common.dialog.close') })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await settle(1000);
    expect(screen.getByText('phases: closed > open')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await settle();
    expect(screen.getByText('phases: closed > open > closing > closed')).toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('with closing disabled, a click on the backdrop does nothing', async () => {
    const { user } = setup({ closingDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    await user.click(backdropOf(await screen.findByRole('dialog', { name: 'Terms' })));
    await settle(1000);
    expect(screen.getByRole('dialog', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByText('phases: closed > open')).toBeInTheDocument();
  });

  it('a click inside the dialog, or a press that starts inside it and ends on the backdrop, does not close it', async () => {
    const { user, onClosed } = setup();
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    await user.click(screen.getByText('Read carefully.'));
    // selecting the text with the mouse, released outside the dialog
    await user.pointer([{ keys: '[MouseLeft>]', target: screen.getByText('Read carefully.') }, { target: dialog }, { keys: '[/MouseLeft]' }]);
    await settle(1000);
    expect(screen.getByText('phases: closed > open')).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('with closing disabled, Escape from outside its controls is refused too (the browser asks by a cancel)', async () => {
    const { user } = setup({ closingDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    await settle(1000);
    expect(screen.getByText('phases: closed > open')).toBeInTheDocument();
  });

  it('a dialog the browser closes against its refusal is shown again while its phase is open', async () => {
    const { user } = setup({ closingDisabled: true });
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    const dialog = (await screen.findByRole('dialog', { name: 'Terms' })) as HTMLDialogElement;
    act(() => dialog.close());
    expect(dialog.open).toBe(false);
    await settle(1);
    expect(dialog.open).toBe(true);
    expect(screen.getByText('phases: closed > open')).toBeInTheDocument();
  });
});

/**
 * A viewport of a given width: jsdom has no layout, so matchMedia (a stub that never matches, see
 * src/testing/jsdomPolyfills.ts) is replaced by one that answers min-/max-width queries from
 * window.innerWidth and tells its listeners when a resize changes the answer.
 */
function viewport(initialWidth: number) {
  const stub = window.matchMedia;
  const initialInnerWidth = window.innerWidth;
  const lists: Array<{ media: string; matches: boolean; listeners: Set<(event: MediaQueryListEvent) => void> }> = [];
  const evaluate = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'max' ? window.innerWidth <= Number(px) : window.innerWidth >= Number(px),
    );
  const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  setWidth(initialWidth);
  window.matchMedia = (query: string) => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    const list = { media: query, matches: evaluate(query), listeners };
    lists.push(list);
    return {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
  return {
    resize(width: number) {
      setWidth(width);
      for (const list of lists) {
        const matches = evaluate(list.media);
        if (matches === list.matches) continue;
        list.matches = matches;
        for (const listener of list.listeners) listener({ matches, media: list.media } as MediaQueryListEvent);
      }
    },
    restore() {
      window.matchMedia = stub;
      setWidth(initialInnerWidth);
    },
  };
}

describe('Dialog width and layout', () => {
  let screenWidth: ReturnType<typeof viewport> | null = null;
  afterEach(() => {
    screenWidth?.restore();
    screenWidth = null;
  });

  async function openAt(width: number) {
    screenWidth = viewport(width);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    return screen.findByRole('dialog', { name: 'Terms' });
  }

  // jsdom has no layout: the width is the dialog's own style, the narrow layout its class (Dialog.css);
  // e2e/popups.e2e.ts measures both in a browser
  const NARROW = 'loanmanager-dialog-narrow';

  it('is 560 px wide by default on a wide screen (600 px and up)', async () => {
    const dialog = await openAt(600);
    expect(dialog).toHaveStyle({ width: '560px' });
    expect(dialog).not.toHaveClass(NARROW);
  });

  it('below 600 px it takes the narrow layout (the whole width less a margin, near the top)', async () => {
    const dialog = await openAt(599);
    expect(dialog).toHaveClass(NARROW);
    expect(dialog).not.toHaveStyle({ width: '560px' });
  });

  it('switches layout when the window is resized across 600 px while open', async () => {
    const dialog = await openAt(1024);
    expect(dialog).toHaveStyle({ width: '560px' });
    act(() => screenWidth?.resize(375));
    expect(screen.getByRole('dialog', { name: 'Terms' })).toHaveClass(NARROW);
    act(() => screenWidth?.resize(600));
    expect(screen.getByRole('dialog', { name: 'Terms' })).not.toHaveClass(NARROW);
    expect(screen.getByRole('dialog', { name: 'Terms' })).toHaveStyle({ width: '560px' });
  });
});

describe('Dialog when the system asks for reduced motion', () => {
  const stub = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ ...stub(query), matches: query === REDUCED_MOTION_QUERY })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = stub;
  });

  it('closes at once, without waiting for an animation it does not run', async () => {
    const { user, onClosed } = setup();
    await user.click(screen.getByRole('button', { name: 'Show terms' }));
    await screen.findByRole('dialog', { name: 'Terms' });
    await user.keyboard('{Escape}');
    await settle(0);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.getByText('phases: closed > open > closing > closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Dialog rendered straight into its closing phase (as time travel can)', () => {
  it('is reported closed by the fallback, once, though no close animation ever runs', async () => {
    const onClosed = jest.fn();
    render(
      <Dialog phase="closing" title="Terms" onCloseRequested={() => undefined} onClosed={onClosed}>
        <p>Read carefully.</p>
      </Dialog>,
      { wrapper: inLanguage(ENGLISH) },
    );
    await settle(DIALOG_CLOSE_FALLBACK_MS - 1);
    expect(onClosed).not.toHaveBeenCalled();
    await settle(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    await settle(5000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe("showModal() in a task after React's commit", () => {
  afterEach(() => jest.restoreAllMocks());

  function renderWithPhase(phase: DialogPhase) {
    const view = (dialogPhase: DialogPhase) => (
      <Dialog phase={dialogPhase} title="Terms" onCloseRequested={() => undefined} onClosed={onClosed}>
        <p>Read carefully.</p>
      </Dialog>
    );
    const onClosed = jest.fn();
    const { rerender } = render(view(phase), { wrapper: inLanguage(ENGLISH) });
    return { onClosed, moveTo: (next: DialogPhase) => rerender(view(next)) };
  }

  it('commits the dialog hidden, then shows it modal in the next task', async () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    renderWithPhase('open');

    expect(showModal).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await settle(0);
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Terms' })).toBeInTheDocument();
  });

  it('closing, it leaves the focus where the borrower went meanwhile (typing in a field of the page)', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { onClosed, moveTo } = renderWithPhase('open');
    await settle(0);
    const field = document.body.appendChild(document.createElement('input'));
    moveTo('closing');
    act(() => field.focus());
    await settle();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(field).toHaveFocus();
    field.remove();
    opener.remove();
  });

  it('a dialog closed before it was shown is never shown, and is still reported closed once', async () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { onClosed, moveTo } = renderWithPhase('open');

    moveTo('closing');
    await settle();

    expect(showModal).not.toHaveBeenCalled();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe('useCloseFallback', () => {
  it('reports closed after animation time + 100 ms when the animation never ends', () => {
    const onClosed = jest.fn();
    renderHook(() => useCloseFallback('closing', onClosed));
    act(() => jest.advanceTimersByTime(DIALOG_CLOSE_FALLBACK_MS - 1));
    expect(onClosed).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClosed).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(5000));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('reports closed once when the animation ends first, not again when the fallback is due', () => {
    const onClosed = jest.fn();
    const { result } = renderHook(() => useCloseFallback('closing', onClosed));
    act(() => jest.advanceTimersByTime(300));
    act(() => result.current());
    expect(onClosed).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(DIALOG_CLOSE_FALLBACK_MS));
    act(() => result.current());
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('starts no timer while open, and reports each later close once', () => {
    const onClosed = jest.fn();
    const { rerender } = renderHook(({ phase }: { phase: DialogPhase }) => useCloseFallback(phase, onClosed), {
      initialProps: { phase: 'open' },
    });
    act(() => jest.advanceTimersByTime(5000));
    expect(onClosed).not.toHaveBeenCalled();
    rerender({ phase: 'closing' });
    act(() => jest.advanceTimersByTime(DIALOG_CLOSE_FALLBACK_MS));
    rerender({ phase: 'closed' });
    rerender({ phase: 'open' });
    rerender({ phase: 'closing' });
    act(() => jest.advanceTimersByTime(DIALOG_CLOSE_FALLBACK_MS));
    expect(onClosed).toHaveBeenCalledTimes(2);
  });

  it('does not report a close that was abandoned before the fallback', () => {
    const onClosed = jest.fn();
    const { rerender } = renderHook(({ phase }: { phase: DialogPhase }) => useCloseFallback(phase, onClosed), {
      initialProps: { phase: 'closing' },
    });
    rerender({ phase: 'open' });
    act(() => jest.advanceTimersByTime(DIALOG_CLOSE_FALLBACK_MS));
    expect(onClosed).not.toHaveBeenCalled();
  });
});

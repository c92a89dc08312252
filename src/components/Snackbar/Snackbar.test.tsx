import { act, screen, within } from '@testing-library/react';
import configureMockStore from 'redux-mock-store';
import { defaultDependencies, type AppStore } from '../../app/fullStore';
import { recordingNavigation, recordingReporter, renderWithProviders } from '../../testing/renderWithProviders';
import { SNACKBAR_VISIBLE_MS } from './Snackbar';
import { messageDismissed, messageShown, snackbarSlice } from '../../state/snackbarSlice';

describe('snackbarSlice', () => {
  const reduce = snackbarSlice.reducer;

  it('messageShown adds a message with an id and a kind (error by default)', () => {
    const state = reduce(undefined, messageShown('There was a problem, please try again later'));
    expect(state.messages).toEqual([
      { id: expect.any(String), text: 'There was a problem, please try again later', kind: 'error' },
    ]);
    expect(reduce(undefined, messageShown('Saved', 'success')).messages[0]?.kind).toBe('success');
  });

  it('the same text is shown once', () => {
    let state = reduce(undefined, messageShown('Same'));
    state = reduce(state, messageShown('Same'));
    expect(state.messages).toHaveLength(1);
  });

  it('messageDismissed removes only that message', () => {
    let state = reduce(undefined, messageShown('One'));
    state = reduce(state, messageShown('Two'));
    const [first] = state.messages;
    state = reduce(state, messageDismissed(first?.id ?? ''));
    expect(state.messages.map((message) => message.text)).toEqual(['Two']);
  });
});

describe('Snackbar in the widget shell', () => {
  it('shows the messages of the store, errors as alerts', () => {
    const { store } = renderWithProviders(<p>widget</p>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(messageShown('There was a problem. Please try again later'));
      store.dispatch(messageShown('Your preference was saved', 'success'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem. Please try again later');
    expect(screen.getByRole('status')).toHaveTextContent('Your preference was saved');
  });

  it('a message preloaded in the store (time travel, replay) is shown', () => {
    renderWithProviders(<p>widget</p>, {
      preloadedState: { snackbar: { messages: [{ id: 'm1', text: 'From the past', kind: 'error' }] } },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('From the past');
  });

  it('the dismiss button removes the message from the store', async () => {
    const { store, user } = renderWithProviders(<p>widget</p>);
    act(() => {
      store.dispatch(messageShown('There was a problem, please try again later'));
    });
    const alert = screen.getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss message' }));
    expect(store.getState().snackbar.messages).toEqual([]);
    expect(screen.queryByText('There was a problem, please try again later')).not.toBeInTheDocument();
  });

  describe('auto-dismiss', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it(`goes away by itself after ${SNACKBAR_VISIBLE_MS} ms`, () => {
      const { store } = renderWithProviders(<p>widget</p>);
      act(() => {
        store.dispatch(messageShown('Temporary'));
      });
      act(() => {
        jest.advanceTimersByTime(SNACKBAR_VISIBLE_MS - 1);
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Temporary');
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(store.getState().snackbar.messages).toEqual([]);
      expect(screen.queryByText('Temporary')).not.toBeInTheDocument();
    });

    it('each message has its own timer', () => {
      const { store } = renderWithProviders(<p>widget</p>);
      act(() => {
        store.dispatch(messageShown('First'));
      });
      act(() => {
        jest.advanceTimersByTime(SNACKBAR_VISIBLE_MS / 2);
        store.dispatch(messageShown('Second'));
      });
      act(() => {
        jest.advanceTimersByTime(SNACKBAR_VISIBLE_MS / 2);
      });
      expect(store.getState().snackbar.messages.map((message) => message.text)).toEqual(['Second']);
    });
  });
});

describe('exact actions (redux-mock-store)', () => {
  it('mounting dispatches nothing; the dismiss button dispatches exactly snackbar/messageDismissed', async () => {
    const state = { snackbar: { messages: [{ id: 'm1', text: 'There was a problem', kind: 'error' as const }] } };
    const mockStore = Object.assign(configureMockStore([])(state), {
      dependencies: defaultDependencies({
        reporter: recordingReporter().reporter,
        navigation: recordingNavigation().navigation,
      }),
    }) as unknown as AppStore & { getActions(): unknown[] };

    const { user } = renderWithProviders(<p>widget</p>, { store: mockStore });
    expect(mockStore.getActions()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(mockStore.getActions()).toEqual([{ type: 'snackbar/messageDismissed', payload: 'm1' }]);
  });
});

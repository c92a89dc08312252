import { createSlice } from '@reduxjs/toolkit';
import { requestReducers, type RequestStatus } from './requestStatus';

interface Page {
  save: RequestStatus;
  load: RequestStatus;
  note: string;
}

const save = requestReducers<Page>('save');
const slice = createSlice({
  name: 'page',
  initialState: { save: 'idle', load: 'idle', note: '' } as Page,
  reducers: {
    saveRequested: save.started,
    saveSucceeded(state) {
      save.succeeded(state);
      state.note = 'saved';
    },
    saveRefused: save.refused,
    saveFailed: save.failed,
  },
});
const { saveRequested, saveSucceeded, saveRefused, saveFailed } = slice.actions;
const run = (...actions: Array<Parameters<typeof slice.reducer>[1]>) => actions.reduce(slice.reducer, slice.getInitialState());

test('one request: idle, pending once sent, then its answer; sent again it is pending again', () => {
  expect(run().save).toBe('idle');
  expect(run(saveRequested()).save).toBe('pending');
  expect(run(saveRequested(), saveSucceeded())).toEqual({ save: 'succeeded', load: 'idle', note: 'saved' });
  expect(run(saveRequested(), saveRefused()).save).toBe('refused');
  expect(run(saveRequested(), saveFailed()).save).toBe('failed');
  expect(run(saveRequested(), saveFailed(), saveRequested()).save).toBe('pending');
});

test('each request keeps its own status: another key is left as it was', () => {
  const state = run(saveRequested(), saveFailed());
  expect(state.load).toBe('idle');
  const load = requestReducers<Page>('load');
  const draft = { ...state };
  load.started(draft);
  expect(draft).toEqual({ ...state, load: 'pending' });
});

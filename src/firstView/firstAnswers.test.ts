import { FIRST_ANSWERS_ELEMENT_ID } from '../platform/renderProtocol';
import { appendJsonDataBlock } from '../testing/jsonDataBlock';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { goGreenActions } from '../features/goGreen/goGreenSlice';
import { listReceived } from '../features/popups/popupsSlice';
import { resetPasswordActions } from '../features/passwordReset/resetPasswordSlice';
import { goGreenApi } from '../api/goGreenApi';
import { readFirstAnswers, receiveFirstAnswers } from './firstAnswers';

const STATUS = { email_address: 'uma@example.com', email_validated: false, electdocs: false, disclosures: '<p>Terms</p>' };

function pageWith(text: string | null) {
  document.body.replaceChildren();
  if (text !== null) appendJsonDataBlock(document, FIRST_ANSWERS_ELEMENT_ID, text);
  return document;
}

describe('readFirstAnswers: the answers a server-drawn page carries', () => {
  it('reads the known endpoints’ answers', () => {
    expect(readFirstAnswers(pageWith(JSON.stringify({ getGoGreenStatus: STATUS })))).toEqual({ getGoGreenStatus: STATUS });
  });

  it('ignores what it does not know and what is not an answer', () => {
    expect(readFirstAnswers(pageWith(JSON.stringify({ getGoGreenStatus: STATUS, getSomethingElse: { a: 1 } })))).toEqual({
      getGoGreenStatus: STATUS,
    });
    expect(readFirstAnswers(pageWith(JSON.stringify({ getGoGreenStatus: 'text' })))).toEqual({});
    expect(readFirstAnswers(pageWith(JSON.stringify({ getGoGreenStatus: null })))).toEqual({});
    expect(readFirstAnswers(pageWith('[1, 2]'))).toEqual({});
  });

  it('takes the popups as a list and a status as an object, nothing else', () => {
    const popups = [{ id: 'tax-reminder', tax_year: 2025 }];
    expect(readFirstAnswers(pageWith(JSON.stringify({ getPopups: popups })))).toEqual({ getPopups: popups });
    expect(readFirstAnswers(pageWith(JSON.stringify({ getPopups: popups })), ['getGoGreenStatus'])).toEqual({});
    expect(readFirstAnswers(pageWith(JSON.stringify({ getPopups: { id: 'tax-reminder' }, getGoGreenStatus: [STATUS] })))).toEqual({});
  });

  it('gives none for a page without them, or with a broken element', () => {
    expect(readFirstAnswers(pageWith(null))).toEqual({});
    expect(readFirstAnswers(pageWith(''))).toEqual({});
    expect(readFirstAnswers(pageWith('{"getGoGreenStatus": {'))).toEqual({});
  });
});

describe('receiveFirstAnswers: the page’s answers before the first render', () => {
  it('puts a query’s answer into RTK Query’s cache, where the endpoint’s select reads it, then hands the others to their features', async () => {
    const seen: string[] = [];
    const record: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    const store = configureStore({ reducer: { api: api.reducer }, middleware: (getDefault) => getDefault().concat(record) });
    const popups = [{ id: 'tax-reminder', tax_year: 2025 }];
    await receiveFirstAnswers(store, { getGoGreenStatus: STATUS, goGreenOptOut: { opted_out: true }, getPopups: popups });
    expect(goGreenApi.endpoints.getGoGreenStatus.select()(store.getState())).toMatchObject({ status: 'fulfilled', data: STATUS });
    expect(seen).toEqual([api.util.upsertQueryEntries([]).type, listReceived.type, goGreenActions.optOutConfirmed.type]);
  });

  it('hands the other answers to their features at once, as the actions their sagas dispatch, with no RTK Query to wait for', () => {
    const dispatched: unknown[] = [];
    const popups = [{ id: 'tax-reminder', tax_year: 2025 }];
    expect(receiveFirstAnswers({ dispatch: (action) => (dispatched.push(action), action) }, { getPopups: popups })).toBeUndefined();
    expect(dispatched).toEqual([listReceived(popups)]);
    expect(receiveFirstAnswers({ dispatch: (action) => (dispatched.push(action), action) }, { goGreenOptOut: { opted_out: true } })).toBeUndefined();
    expect(dispatched).toEqual([listReceived(popups), goGreenActions.optOutConfirmed()]);
    dispatched.length = 0;
    // the reset page's link check, as the saga's answer to validate_nonce
    receiveFirstAnswers({ dispatch: (action) => (dispatched.push(action), action) }, { validateNonce: { valid: true } });
    receiveFirstAnswers({ dispatch: (action) => (dispatched.push(action), action) }, { validateNonce: { valid: false } });
    expect(dispatched).toEqual([resetPasswordActions.nonceAccepted(), resetPasswordActions.nonceRejected()]);
    dispatched.length = 0;
    expect(receiveFirstAnswers({ dispatch: (action) => (dispatched.push(action), action) }, {})).toBeUndefined();
    expect(dispatched).toHaveLength(0);
  });
});

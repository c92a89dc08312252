import { FIRST_ANSWERS_ELEMENT_ID } from '../platform/serverRender';
import { appendJsonDataBlock } from '../testing/jsonDataBlock';
import { firstAnswersActions, firstAnswersSlice, selectFirstAnswer } from '../api/firstAnswers';
import { readFirstAnswers } from './firstAnswers';

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

describe('the firstAnswers slice', () => {
  it('holds each answer until the flows take it', () => {
    const received = firstAnswersSlice.reducer(undefined, firstAnswersActions.received({ getGoGreenStatus: STATUS }));
    expect(selectFirstAnswer({ firstAnswers: received }, 'getGoGreenStatus')).toEqual(STATUS);
    const taken = firstAnswersSlice.reducer(received, firstAnswersActions.taken('getGoGreenStatus'));
    expect(selectFirstAnswer({ firstAnswers: taken }, 'getGoGreenStatus')).toBeUndefined();
    expect(JSON.parse(JSON.stringify(received))).toEqual(received);
  });
});

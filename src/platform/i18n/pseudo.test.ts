import { setupI18n } from '@lingui/core';
import { compileMessages } from './compileMessages';
import { PSEUDO_GROWTH, pseudoMessages, pseudoText } from './pseudo';

describe('the pseudo-locale (QA: cut or overlapping text shows at once)', () => {
  it('accents every letter it can and makes the text 35 % longer', () => {
    const text = 'Loan Number';
    const pseudo = pseudoText(text);
    expect(pseudo.startsWith('Löáñ Ñümbér')).toBe(true);
    expect(pseudo.replace(/ (?=~)/g, '').length).toBeGreaterThanOrEqual(Math.ceil(text.length * (1 + PSEUDO_GROWTH)));
    // the padding can wrap: never a run of more than four marks
    expect(pseudoText('x'.repeat(100))).not.toMatch(/~{5}/);
  });

  it('keeps placeholders, plural choices and element tags working', () => {
    const messages = pseudoMessages(
      compileMessages({
        'common.sent': 'We sent the link to <0>{address}</0>',
        'common.wait': 'Wait {seconds, plural, one {# second} other {# seconds}}',
      }),
    );
    const i18n = setupI18n({ locale: 'en', messages: { en: messages } });
    // each run of text is padded on its own; the values and the tags come through untouched
    expect(i18n._('common.sent', { address: 'ada@example.com' })).toMatch(/^Wé šéñt thé líñk tö <0>[~ ]+ada@example\.com<\/0>~+$/);
    expect(i18n._('common.wait', { seconds: 1 })).toMatch(/^Wáít [~ ]+1 ?šéçöñd[~ ]+$/);
    expect(i18n._('common.wait', { seconds: 5 })).toMatch(/^Wáít [~ ]+5 ?šéçöñdš[~ ]+$/);
  });

  it('leaves blank text alone', () => {
    expect(pseudoText(' ')).toBe(' ');
  });
});

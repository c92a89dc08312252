/**
 * Spanish wording (issue 39 item 13; docs/i18n-glossary.md): the wordings the glossary rules out
 * appear in no Spanish text, and the loan link's composed name says "del préstamo" once.
 */
import spanish from './locales/es.json';

const RULED_OUT: Array<[RegExp, string]> = [
  [/\(otra vez\)/i, 'a confirmation field is "Confirme la contraseña / el correo electrónico"'],
  [/\bfue (?!usted\b)\p{L}+(?:ad|id)[oa]s?\b/iu, 'active voice: "Verificamos su correo electrónico", not "fue verificado"'],
  [/\bhasta por\b|\bdurante hasta\b/i, '"durante un máximo de 15 minutos"'],
  [/\bmayúsculas están activadas\b/i, '"Bloq Mayús está activado"'],
];

describe('Spanish wording', () => {
  it.each(RULED_OUT)('no Spanish text matches %s (%s)', (pattern) => {
    const found = Object.entries(spanish).filter(([, text]) => pattern.test(text));
    expect(found).toEqual([]);
  });

  it('the check can fail: each ruled-out wording is caught', () => {
    const samples = ['Contraseña (otra vez)', 'Su correo electrónico fue cambiado.', 'en pausa durante hasta 15 minutos', 'Las mayúsculas están activadas'];
    samples.forEach((sample, index) => expect([sample, RULED_OUT[index]![0].test(sample)]).toEqual([sample, true]));
    expect(RULED_OUT[1]![0].test('Si fue usted, no tiene que hacer nada más.')).toBe(false);
  });

  it('the loan link ("Resumen del préstamo" and its hidden number) says "del préstamo" once', () => {
    const name = spanish['server.overview.title'] + spanish['server.loans.overviewFor'].replace('{loanno}', '9000000001');
    expect(name).toBe('Resumen del préstamo 9000000001');
  });
});

import { cacheRecoveryDetails, RECOVERY_CACHE_KEY, takeRecoveryDetails } from './recoveryCache';

test('taken once: the details are removed from sessionStorage as they are read', () => {
  cacheRecoveryDetails(window.sessionStorage, { loanno: '9000000001', ssn: '900000001', dob: '1980-01-15' });
  expect(takeRecoveryDetails(window.sessionStorage)).toEqual({ loanno: '9000000001', ssn: '900000001', dob: '1980-01-15' });
  expect(window.sessionStorage.getItem(RECOVERY_CACHE_KEY)).toBeNull();
  expect(takeRecoveryDetails(window.sessionStorage)).toBeNull();
});

test.each(['not json', '[]', '{"loanno":1}', 'null'])('malformed %j reads as nothing and is removed', (raw) => {
  window.sessionStorage.setItem(RECOVERY_CACHE_KEY, raw);
  expect(takeRecoveryDetails(window.sessionStorage)).toBeNull();
  expect(window.sessionStorage.getItem(RECOVERY_CACHE_KEY)).toBeNull();
});

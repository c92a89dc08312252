import { describeClient } from './clientDescription';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.7390.54 Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('describeClient', () => {
  test('browser name with major.minor version, and the OS, from the user agent', () => {
    expect(describeClient(CHROME_LINUX, 'America/Chicago')).toEqual({
      time_zone: 'America/Chicago',
      browser: 'Chrome 156.0',
      os: 'Linux',
    });
    expect(describeClient(SAFARI_IOS, 'Europe/Berlin')).toMatchObject({ browser: 'Safari 17.4', os: 'iOS' });
  });

  test('never sends an empty field (the contract requires them)', () => {
    expect(describeClient('', '')).toEqual({ time_zone: 'UTC', browser: 'Unknown', os: 'Unknown' });
  });

  test('the time zone comes from Intl by default', () => {
    expect(describeClient(CHROME_LINUX).time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

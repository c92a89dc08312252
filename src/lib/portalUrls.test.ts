import { loginAfterInactivity, portalReturnTarget, returnPathFrom, returnQueryOf } from './portalUrls';

const from = (next: string) => returnPathFrom(`?next=${encodeURIComponent(next)}`);

test.each(['/loanmanager/go-green/', '/loanmanager/profile', '/loanmanager/main/', '/loanmanager/loanoverview/'])(
  'a path of the portal is where the borrower returns: %s',
  (next) => {
    expect(from(next)).toBe(next);
  },
);

test.each([
  'https://evil.example/loanmanager/',
  '//evil.example/loanmanager/',
  '/\\evil.example/loanmanager/',
  '/loanmanager//evil.example/',
  '/loanmanager/../../evil',
  '/loanmanager/%2e%2e/evil',
  // every encoded form of another site: decoded once by the query, never again
  '%2F%2Fevil.example/loanmanager/',
  '/%2Fevil.example/loanmanager/',
  '/%5Cevil.example/',
  '%2Floanmanager%2Fgo-green%2F',
  '/loanmanager%2F..%2F..%2Fevil',
  'https:/evil.example/loanmanager/',
  '/\t/evil.example/loanmanager/',
  '/loanmanager/\n/evil.example',
  '//evil.example/loanmanager/?loanno=9000000003',
  '/\\evil.example/?loanno=9000000003',
  '/loanmanager/login/?loanno=9000000003',
  '/loanmanager/go-green/#frag',
  '/elsewhere/',
  '/loanmanager/login/',
  '/loanmanager/login',
  'javascript:alert(1)',
  '',
])('anything else is refused (no open redirect): %s', (next) => {
  expect(from(next)).toBeNull();
});

describe('the query of the page (issue 39, E7)', () => {
  test('the loan asked for is kept: the borrower returns to that loan', () => {
    expect(from('/loanmanager/loanoverview/?loanno=9000000003')).toBe('/loanmanager/loanoverview/?loanno=9000000003');
    // as the server's redirect writes it (the whole next encoded once)
    expect(returnPathFrom('?next=%2Floanmanager%2Floanoverview%2F%3Floanno%3D9000000003')).toBe('/loanmanager/loanoverview/?loanno=9000000003');
  });

  test.each([
    ['/loanmanager/go-green/?x=https://evil.example', '/loanmanager/go-green/'],
    ['/loanmanager/go-green/?email=uma%40example.com', '/loanmanager/go-green/'],
    ['/loanmanager/loanoverview/?email=uma%40example.com&loanno=9000000003', '/loanmanager/loanoverview/?loanno=9000000003'],
    ['/loanmanager/loanoverview/?loanno=https://evil.example', '/loanmanager/loanoverview/'],
    ['/loanmanager/loanoverview/?loanno=//evil.example', '/loanmanager/loanoverview/'],
    ['/loanmanager/loanoverview/?loanno=9000000003#x', '/loanmanager/loanoverview/'],
    // given twice, it is not one loan: the page would not read it either
    ['/loanmanager/loanoverview/?loanno=9000000003&loanno=9000000001', '/loanmanager/loanoverview/'],
    ['/loanmanager/loanoverview/?', '/loanmanager/loanoverview/'],
  ])('any other part of the query is dropped, never followed: %s -> %s', (next, kept) => {
    expect(from(next)).toBe(kept);
  });

  test('what is kept is rebuilt from the parsed values, whatever the query held', () => {
    expect(returnQueryOf('?loanno=9000000003&next=//evil.example')).toBe('?loanno=9000000003');
    expect(returnQueryOf('loanno=9000000003')).toBe('?loanno=9000000003');
    expect(returnQueryOf('?constructor=1&__proto__=2')).toBe('');
    expect(portalReturnTarget(42)).toBeNull();
    expect(portalReturnTarget('/loanmanager/main/')).toBe('/loanmanager/main/');
  });
});

test('no next, no return path', () => {
  expect(returnPathFrom('')).toBeNull();
  expect(returnPathFrom('?other=/loanmanager/go-green/')).toBeNull();
});

it('the sign-in address after the inactivity sign-out keeps the page to return to', () => {
  const url = new URL(loginAfterInactivity('/loanmanager/go-green/'), 'http://portal.test');
  expect(url.pathname).toBe('/loanmanager/login/');
  expect(url.searchParams.get('inactive')).toBe('1');
  expect(returnPathFrom(url.search)).toBe('/loanmanager/go-green/');
});

it('the inactivity sign-out keeps the loan the page showed, and nothing else of its query', () => {
  const url = new URL(loginAfterInactivity('/loanmanager/loanoverview/?email=uma%40example.com&loanno=9000000003'), 'http://portal.test');
  expect(url.searchParams.get('next')).toBe('/loanmanager/loanoverview/?loanno=9000000003');
  expect(returnPathFrom(url.search)).toBe('/loanmanager/loanoverview/?loanno=9000000003');
});

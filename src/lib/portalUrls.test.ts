import { loginAfterInactivity, returnPathFrom } from './portalUrls';

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
  '/loanmanager/go-green/?x=https://evil.example',
  '/loanmanager/go-green/#frag',
  '/elsewhere/',
  '/loanmanager/login/',
  '/loanmanager/login',
  'javascript:alert(1)',
  '',
])('anything else is refused (no open redirect): %s', (next) => {
  expect(from(next)).toBeNull();
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

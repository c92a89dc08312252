/**
 * @jest-environment-options {"url": "https://host.example.test/help/"}
 */
/**
 * The CSRF token of the widgets' unsafe calls (issue 47 item 1, docs/embedding.md): on a host page no
 * page of the portal has set the cookie, so the base query obtains it before the first unsafe call,
 * sends a call refused for a missing or stale token again once, silently, and never lets the
 * server's CSRF text through. Through the real store and base query; only fetch is replaced. The
 * page is https, as production is, so `__Host-` cookies can be set.
 */
import { makeStore } from '../app/fullStore';
import { defaultConfig } from '../platform/config';
import { mockApi, type MockResponse } from '../testing/mockApi';
import { recordingNavigation, recordingReporter } from '../testing/renderWithProviders';
import { accountApi } from './accountApi';
import { CSRF_REFUSED, renewHeaderFormTokens } from './baseApi';
import { goGreenApi } from './goGreenApi';

function storeWith(config = defaultConfig()) {
  return makeStore({ dependencies: { config, reporter: recordingReporter().reporter, navigation: recordingNavigation().navigation } });
}

const RESET = { username: 'ada', recaptcha_response: 'token' };
const REFUSED = { status: 403, body: { errors: ['CSRF verification failed'], code: 'csrf_token' } } satisfies MockResponse;

function removeCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** What the server's GET account/csrf/ does: sets the cookie the browser lacks. */
function setsCookie(value: string): MockResponse {
  document.cookie = `csrftoken=${value}; path=/`;
  return { body: {} };
}

beforeEach(() => removeCookie('csrftoken'));

describe('a host page without the CSRF cookie', () => {
  it('obtains the token (GET account/csrf/) before the first unsafe call, and sends it', async () => {
    const network = mockApi({
      'GET account/csrf/': () => setsCookie('fresh-token'),
      'POST account/request_password_reset/': { body: { link_minutes: 60 } },
    });
    await storeWith().dispatch(accountApi.endpoints.requestPasswordReset.initiate(RESET)).unwrap();
    expect(network.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET account/csrf/',
      'POST account/request_password_reset/',
    ]);
    expect(network.requests[0]?.credentials).toBe('same-origin');
    expect(network.requests[1]?.headers.get('X-CSRFToken')).toBe('fresh-token');
  });

  it('two widgets pressed at once share one GET of the token', async () => {
    const network = mockApi({
      'GET account/csrf/': () => setsCookie('shared-token'),
      'POST account/request_password_reset/': { body: { link_minutes: 60 } },
      'POST go-green/opt_out/': { body: {} },
    });
    const store = storeWith();
    await Promise.all([
      store.dispatch(accountApi.endpoints.requestPasswordReset.initiate(RESET)).unwrap(),
      store.dispatch(goGreenApi.endpoints.goGreenOptOut.initiate()).unwrap(),
    ]);
    expect(network.sent('GET account/csrf/')).toHaveLength(1);
    expect(network.requests.filter((request) => request.method === 'POST').map((request) => request.headers.get('X-CSRFToken'))).toEqual([
      'shared-token',
      'shared-token',
    ]);
  });

  it('without the GET (a servicer server that has none: 404), sends the call and, refused, sends it again once with the cookie the refusal set', async () => {
    let posts = 0;
    const network = mockApi({
      'GET account/csrf/': { status: 404, body: { errors: ['Not found'] } },
      'POST account/request_password_reset/': () => {
        posts += 1;
        if (posts > 1) return { body: { link_minutes: 60 } };
        setsCookie('set-by-the-refusal');
        return REFUSED;
      },
    });
    await expect(storeWith().dispatch(accountApi.endpoints.requestPasswordReset.initiate(RESET)).unwrap()).resolves.toEqual({ link_minutes: 60 });
    const sent = network.sent('POST account/request_password_reset/');
    expect(sent.map((request) => request.headers.get('X-CSRFToken'))).toEqual([null, 'set-by-the-refusal']);
  });

  it('asks for no token when the config has an API token (exempt from the check)', async () => {
    const network = mockApi({ 'POST go-green/opt_out/': { body: {} } });
    await storeWith(defaultConfig({ authToken: 'tok-123' })).dispatch(goGreenApi.endpoints.goGreenOptOut.initiate()).unwrap();
    expect(network.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST go-green/opt_out/']);
  });
});

describe('a stale token', () => {
  it('a call refused with csrf_token is sent again once, silently, with the cookie read again', async () => {
    document.cookie = 'csrftoken=old-token; path=/';
    let posts = 0;
    const network = mockApi({
      'POST go-green/opt_out/': () => {
        posts += 1;
        // the token changed meanwhile (a sign-in in another tab renews it)
        if (posts > 1) return { body: {} };
        setsCookie('renewed-token');
        return REFUSED;
      },
    });
    await storeWith().dispatch(goGreenApi.endpoints.goGreenOptOut.initiate()).unwrap();
    expect(network.requests.map((request) => request.headers.get('X-CSRFToken'))).toEqual(['old-token', 'renewed-token']);
  });

  it('a refusal that stays is not sent a third time, and comes out without the server text (CUSTOM_ERROR)', async () => {
    document.cookie = 'csrftoken=old-token; path=/';
    const network = mockApi({ 'POST go-green/opt_out/': REFUSED });
    const error: unknown = await storeWith()
      .dispatch(goGreenApi.endpoints.goGreenOptOut.initiate())
      .unwrap()
      .catch((caught: unknown) => caught);
    expect(network.requests).toHaveLength(2);
    expect(error).toEqual({ status: 'CUSTOM_ERROR', error: CSRF_REFUSED, data: { code: 'csrf_token' } });
    expect(JSON.stringify(error)).not.toContain('CSRF verification failed');
  });

  it('a refusal from another site (csrf_origin) is not sent again', async () => {
    document.cookie = 'csrftoken=a-token; path=/';
    const network = mockApi({ 'POST go-green/opt_out/': { status: 403, body: { errors: ['CSRF verification failed'], code: 'csrf_origin' } } });
    const error: unknown = await storeWith()
      .dispatch(goGreenApi.endpoints.goGreenOptOut.initiate())
      .unwrap()
      .catch((caught: unknown) => caught);
    expect(network.requests).toHaveLength(1);
    expect(error).toEqual({ status: 'CUSTOM_ERROR', error: CSRF_REFUSED, data: { code: 'csrf_origin' } });
  });

  it('any other 403 is left as it is (not a CSRF refusal)', async () => {
    document.cookie = 'csrftoken=a-token; path=/';
    const network = mockApi({ 'POST go-green/opt_out/': { status: 403, body: { errors: ['Not your account'] } } });
    const error: unknown = await storeWith()
      .dispatch(goGreenApi.endpoints.goGreenOptOut.initiate())
      .unwrap()
      .catch((caught: unknown) => caught);
    expect(network.requests).toHaveLength(1);
    expect(error).toEqual({ status: 403, data: { errors: ['Not your account'] } });
  });
});

describe('production (https): the __Host- cookie', () => {
  afterEach(() => removeCookie('__Host-csrftoken'));

  it('reads __Host-csrftoken before csrftoken (a related subdomain can plant only the plain name)', async () => {
    document.cookie = '__Host-csrftoken=host-token; path=/; secure';
    document.cookie = 'csrftoken=planted-token; path=/';
    expect(document.cookie).toContain('__Host-csrftoken=host-token');
    const network = mockApi({ 'POST go-green/opt_out/': { body: {} } });
    await storeWith().dispatch(goGreenApi.endpoints.goGreenOptOut.initiate()).unwrap();
    expect(network.requests.map((request) => request.headers.get('X-CSRFToken'))).toEqual(['host-token']);
  });

  it('asks for no token when only __Host-csrftoken is there', async () => {
    document.cookie = '__Host-csrftoken=host-token; path=/; secure';
    const network = mockApi({ 'POST go-green/opt_out/': { body: {} } });
    await storeWith().dispatch(goGreenApi.endpoints.goGreenOptOut.initiate()).unwrap();
    expect(network.requests.map((request) => `${request.method} ${request.path} ${request.headers.get('X-CSRFToken')}`)).toEqual([
      'POST go-green/opt_out/ host-token',
    ]);
  });
});

describe("the reference server's header forms after a step-up (issue 49)", () => {
  it('take the renewed token, so Sign out is not refused; forms outside the header are left alone', () => {
    document.body.innerHTML =
      '<header class="site-header"><form><input type="hidden" name="csrfmiddlewaretoken" value="drawn-with-the-old-one"></form></header>' +
      '<form id="host"><input type="hidden" name="csrfmiddlewaretoken" value="the-host-page-own"></form>';
    document.cookie = '__Host-csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; secure';
    document.cookie = 'csrftoken=renewedTokenAfterTheStepUp1234567; path=/';
    renewHeaderFormTokens();
    const value = (selector: string) => document.querySelector<HTMLInputElement>(selector)?.value;
    expect(value('.site-header input')).toBe('renewedTokenAfterTheStepUp1234567');
    expect(value('#host input')).toBe('the-host-page-own');
    document.body.innerHTML = '';
  });
});

/**
 * The network boundary in jsdom tests: `mockApi({ 'POST account/register/': handler })` replaces
 * fetch; paths are relative to /loanmanager/api/. Every request is recorded for assertions,
 * and an unexpected request fails loudly instead of hanging.
 */
interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  headers: Headers;
  /** whether the browser would send the site's cookies (the session) with it */
  credentials: RequestCredentials;
  /** whether the request outlives the page (sent even if the borrower navigates away at once) */
  keepalive: boolean;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** A body sent as it is, as text/html (a proxy's error page), instead of `body` as JSON. */
  html?: string;
}

export type MockHandler = (request: RecordedRequest) => MockResponse | Promise<MockResponse>;

const API_PREFIX = '/loanmanager/api/';

export function mockApi(handlers: Record<string, MockHandler | MockResponse>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url, window.location.href);
    const text = await request.text();
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const recorded: RecordedRequest = {
      method: request.method,
      url,
      path,
      headers: request.headers,
      credentials: request.credentials,
      keepalive: request.keepalive,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(recorded);
    const handler = handlers[`${request.method} ${path}`];
    if (!handler) {
      return new Response(JSON.stringify({ errors: [`no mock for ${request.method} ${path}`] }), {
        status: 599,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const response = typeof handler === 'function' ? await handler(recorded) : handler;
    if (response.html !== undefined) {
      return new Response(response.html, { status: response.status ?? 200, headers: { 'Content-Type': 'text/html' } });
    }
    return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  (window as unknown as { fetch: typeof fetch }).fetch = fetchMock as unknown as typeof fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    requests,
    fetchMock,
    /** The requests sent to one endpoint, e.g. `sent('POST account/register/')`. */
    sent: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

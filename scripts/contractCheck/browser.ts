/**
 * The widgets' own API layer (src/api: the RTK Query endpoints, their request builders, the base
 * query that adds the CSRF header, the token and the language), run in Node as a browser page
 * would run it: relative addresses resolve against the servicer's origin, a cookie jar sends every
 * cookie with every call (credentials) and shows the page only the cookies a page can read
 * (`document.cookie`: not the HttpOnly ones). Every request and answer is recorded for the checks.
 */
import { configureStore } from '@reduxjs/toolkit';
import { accountApi } from '../../src/api/accountApi';
import { api, installEndpointSchemas, type ApiExtra } from '../../src/api/baseApi';
import { ENDPOINT_SCHEMAS } from '../../src/api/endpointSchemas';
import { goGreenApi } from '../../src/api/goGreenApi';
import { userApi } from '../../src/api/userApi';

export interface StoredCookie {
  value: string;
  httpOnly: boolean;
}

/** A browser's cookies for one origin: names and values, whether a page may read them. */
export class CookieJar {
  readonly cookies = new Map<string, StoredCookie>();

  /** Takes the `Set-Cookie` lines of an answer (an expired or emptied cookie is removed). */
  take(lines: string[]) {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const lower = attributes.map((attribute) => attribute.toLowerCase());
      const expired =
        lower.some((attribute) => attribute === 'max-age=0' || /^max-age=-/.test(attribute)) ||
        lower.some((attribute) => attribute.startsWith('expires=') && Date.parse(attribute.slice(8)) <= Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, httpOnly: lower.includes('httponly') });
    }
  }

  /** The `Cookie` header every call carries. */
  header(): string {
    return [...this.cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  }

  /** What `document.cookie` shows a page. */
  readable(): string {
    return [...this.cookies].filter(([, cookie]) => !cookie.httpOnly).map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  }
}

/** One request the widgets' code sent, and the answer. */
export interface Exchange {
  method: string;
  /** The path under the origin, without the query. */
  path: string;
  requestHeaders: Record<string, string>;
  status: number;
  headers: Headers;
  setCookies: string[];
  text: string;
}

export interface BrowserOptions {
  /** The API's address, as a servicer's page sees it: its origin and its path (the config's `api_base`). */
  base: URL;
  /** `Authorization: Token` (the config's `auth_token`), or null for the cookie session. */
  authToken: string | null;
}

/**
 * A page's API layer against `base`: `call(endpoint, arg)` sends what the widget sends for that
 * endpoint. `page.cookieShown` changes what the page reads of its cookies (a check of the CSRF
 * refusal hides or changes the token).
 */
export function createBrowser({ base, authToken }: BrowserOptions) {
  const jar = new CookieJar();
  const exchanges: Exchange[] = [];
  const page = { cookieShown: (readable: string) => readable };
  const origin = base.origin;

  const send = async (input: Request): Promise<Response> => {
    const headers = new Headers(input.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.clone().arrayBuffer();
    const response = await originalFetch(input.url, { method: input.method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    jar.take(setCookies);
    const text = await response.clone().text();
    exchanges.push({
      method: input.method,
      path: new URL(input.url).pathname,
      requestHeaders: Object.fromEntries(headers),
      status: response.status,
      headers: response.headers,
      setCookies,
      text,
    });
    return response;
  };

  const originalFetch = globalThis.fetch;
  const OriginalRequest = globalThis.Request;
  /** Runs `work` with the page's globals in place (a relative address resolves against the origin; `document.cookie`; `fetch` through the jar). */
  async function asPage<T>(work: () => Promise<T>): Promise<T> {
    const hadDocument = 'document' in globalThis;
    class PageRequest extends OriginalRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, origin) : input, init);
      }
    }
    globalThis.Request = PageRequest as typeof Request;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => send(new PageRequest(input, init))) as typeof fetch;
    Object.defineProperty(globalThis, 'document', { configurable: true, value: { get cookie() { return page.cookieShown(jar.readable()); } } });
    try {
      return await work();
    } finally {
      globalThis.fetch = originalFetch;
      globalThis.Request = OriginalRequest;
      if (!hadDocument) delete (globalThis as { document?: unknown }).document;
    }
  }

  installEndpointSchemas(ENDPOINT_SCHEMAS);
  const extra: ApiExtra = { config: { apiBase: base.pathname, authToken, locale: 'en' } };
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra }, serializableCheck: false, immutableCheck: false }).concat(api.middleware),
  });

  const endpoints = { ...accountApi.endpoints, ...userApi.endpoints, ...goGreenApi.endpoints };
  type Endpoints = typeof endpoints;
  type Arg<N extends keyof Endpoints> = Parameters<Endpoints[N]['initiate']>[0];

  /** Sends what the widgets send for `name` with `arg`; the answer as the widgets' base query saw it, and the request and answer on the wire (null: refused before sending). */
  async function call<N extends keyof Endpoints>(name: N, arg: Arg<N>): Promise<{ exchange: Exchange | null; error: unknown }> {
    const before = exchanges.length;
    const result = await asPage(async () => {
      const endpoint = endpoints[name] as unknown as { initiate(arg: unknown, options?: unknown): (dispatch: unknown) => unknown };
      // a query is sent afresh every time and kept by no one (a mutation ignores both)
      const started = store.dispatch(endpoint.initiate(arg, { forceRefetch: true, subscribe: false }) as never) as unknown as PromiseLike<{ error?: unknown }> & { reset?: () => void };
      try {
        return await started;
      } finally {
        started.reset?.();
      }
    });
    return { exchange: exchanges.length > before ? exchanges[exchanges.length - 1]! : null, error: result.error };
  }

  /** A request the widgets do not send as such (a page load, a probe from another origin), through the same jar. */
  async function raw(method: string, url: URL, headers: Record<string, string> = {}, body?: string): Promise<Exchange> {
    await send(new OriginalRequest(url, { method, headers, ...(body === undefined ? {} : { body }) }));
    return exchanges[exchanges.length - 1]!;
  }

  /** Forgets every answer: RTK Query's removal timers would hold the process open for a minute. */
  const close = () => {
    store.dispatch(api.util.resetApiState());
  };

  return { jar, page, call, raw, exchanges, close };
}

export type Browser = ReturnType<typeof createBrowser>;

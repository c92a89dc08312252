/**
 * A browser tab driven over the DevTools protocol without its JavaScript agents, for figures a
 * borrower's browser would give.
 *
 * Playwright and Puppeteer enable the `Runtime` domain on every page they drive. With it on, V8
 * captures a detailed stack (a line and column for each frame) for every Error a script makes,
 * and finds a frame's line by parsing its whole function again. React's DOM renderer makes five
 * Errors as its module is evaluated (sentinels it throws later), inside its module's one function
 * of 600 KB: 60 ms at 4x CPU on every page that no borrower's browser spends (bench/RESULTS.md,
 * "Main-thread tasks"). A bare tab never enables `Runtime`; it evaluates with `Runtime.evaluate`,
 * which needs no agent.
 */
import CDP from 'chrome-remote-interface';
import type { Protocol } from 'devtools-protocol';
import { CHROMIUM } from './machine';

export interface BareChromium {
  port: number;
  close(): Promise<void>;
}

export async function launchBareChromium(args: string[]): Promise<BareChromium> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...args] });
  return { port: chrome.port, close: async () => chrome.kill() };
}

export interface BareTabOptions {
  viewport: { width: number; height: number; mobile: boolean };
  cpuSlowdown: number;
  /** run in every document before its own scripts */
  initScript: string;
  /** a `Cookie` header's pairs, set for the site of the page's address */
  cookie?: string | null;
  /** served instead of what the server answers for the page's own address */
  document?: { status: number; headers: Record<string, string>; body: string };
}

export interface BareTab {
  /** navigates and resolves once the page's load event has fired */
  load(url: string): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  /** a left click at a point of the viewport, as a mouse gives it */
  click(x: number, y: number): Promise<void>;
  /** one key of a letter, down then up */
  pressLetter(letter: string): Promise<void>;
  close(): Promise<void>;
}

/** A tab in a browser context of its own: no cookie, cache or storage from another load. */
export async function openBareTab(port: number, options: BareTabOptions): Promise<BareTab> {
  const { webSocketDebuggerUrl } = await CDP.Version({ port });
  const browser = await CDP({ port, target: webSocketDebuggerUrl });
  const { browserContextId } = await browser.Target.createBrowserContext({});
  const close = async () => {
    await browser.Target.disposeBrowserContext({ browserContextId }).catch(() => undefined);
    await browser.close();
  };
  try {
    const { targetId } = await browser.Target.createTarget({ url: 'about:blank', browserContextId });
    const { sessionId } = await browser.Target.attachToTarget({ targetId, flatten: true });
    const send = <T>(method: string, params: object = {}) => browser.send(method as never, params as never, sessionId) as Promise<T>;
    const { width, height, mobile } = options.viewport;
    await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
    await send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    await send('Page.enable'); // Page.addScriptToEvaluateOnNewDocument needs it; it is Blink's page agent, not V8's
    await send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
    let documentUrl = '';
    let onLoadEvent = () => {};
    browser.on(`Page.loadEventFired.${sessionId}`, () => onLoadEvent());
    if (options.document) {
      const { status, headers, body } = options.document;
      browser.on(`Fetch.requestPaused.${sessionId}`, (params: object) => {
        const { requestId, request } = params as Protocol.Fetch.RequestPausedEvent;
        if (request.url !== documentUrl) return void send('Fetch.continueRequest', { requestId }).catch(() => undefined);
        const responseHeaders = Object.entries(headers).map(([name, value]) => ({ name, value }));
        void send('Fetch.fulfillRequest', { requestId, responseCode: status, responseHeaders, body: Buffer.from(body).toString('base64') }).catch(
          () => undefined,
        );
      });
      await send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
    }
    return {
      async load(url) {
        documentUrl = url;
        if (options.cookie) {
          const site = new URL('/', url).href;
          const cookies = options.cookie.split('; ').map((pair) => {
            const index = pair.indexOf('=');
            // the site's root: a cookie set for the page's own address would have its path, and the API would not get it
            return { name: pair.slice(0, index), value: pair.slice(index + 1), url: site };
          });
          await browser.Storage.setCookies({ cookies, browserContextId });
        }
        const loaded = new Promise<void>((resolve) => {
          onLoadEvent = resolve;
        });
        const { errorText } = await send<Protocol.Page.NavigateResponse>('Page.navigate', { url });
        if (errorText) throw new Error(`${url}: ${errorText}`);
        await loaded;
      },
      async evaluate<T>(expression: string) {
        const { result, exceptionDetails } = await send<Protocol.Runtime.EvaluateResponse>('Runtime.evaluate', {
          expression,
          returnByValue: true,
          awaitPromise: true,
        });
        if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
        return result.value as T;
      },
      async click(x, y) {
        await send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
        await send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
        await send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
      },
      async pressLetter(letter) {
        const code = `Key${letter.toUpperCase()}`;
        const keyCode = letter.toUpperCase().charCodeAt(0);
        await send('Input.dispatchKeyEvent', { type: 'keyDown', key: letter, code, text: letter, windowsVirtualKeyCode: keyCode });
        await send('Input.dispatchKeyEvent', { type: 'keyUp', key: letter, code, windowsVirtualKeyCode: keyCode });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

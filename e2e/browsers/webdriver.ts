/**
 * A small typed W3C WebDriver (classic) client over fetch, for Debian's WebKitWebDriver: only the
 * commands the cross-browser suite uses. (A client library's session builder hung against this
 * driver; a plain HTTP session works, and this is all it takes.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../support/globalSetup';

/** The element reference key of the W3C spec. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

function elementOf(found: Record<string, string>, what: string): string {
  const reference = found[ELEMENT];
  if (!reference) throw new Error(`WebDriver found no element for ${what}`);
  return reference;
}

class WebDriverError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`${command}: ${error}: ${message}`);
  }
}

/**
 * No command waits longer than this: a browser that died under a pending command leaves the driver
 * silent (seen on the loaded CI machine), and the journey must fail rather than hang. Above the
 * script and page-load timeouts (60 s), which the driver reports itself.
 */
const COMMAND_TIMEOUT_MS = 90_000;

async function call<T>(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new WebDriverError(`${method} ${path}`, answer.value?.error ?? String(response.status), answer.value?.message ?? '');
  return answer.value;
}

export interface WindowRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class WebDriverSession {
  constructor(
    private readonly base: string,
    readonly id: string,
    /** The engine's version, as the driver reports it (WebKitGTK's, e.g. 2.50.6). */
    readonly browserVersion: string,
  ) {}

  private send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return call<T>(this.base, method, `/session/${this.id}${path}`, body);
  }

  navigate(url: string) {
    return this.send<null>('POST', '/url', { url });
  }

  url() {
    return this.send<string>('GET', '/url');
  }

  /** Runs `body` (a function body: `return ...`) with `args`; a returned promise is awaited by the driver. */
  execute<T>(body: string, args: unknown[] = []) {
    return this.send<T>('POST', '/execute/sync', { script: body, args });
  }

  async findElement(css: string): Promise<string> {
    const found = await this.send<Record<string, string>>('POST', '/element', { using: 'css selector', value: css });
    return elementOf(found, css);
  }

  async activeElement(): Promise<string> {
    const found = await this.send<Record<string, string>>('GET', '/element/active');
    return elementOf(found, 'the active element');
  }

  click(element: string) {
    return this.send<null>('POST', `/element/${element}/click`, {});
  }

  sendKeys(element: string, text: string) {
    return this.send<null>('POST', `/element/${element}/value`, { text });
  }

  /** PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.send<string>('GET', '/screenshot'), 'base64');
  }

  setWindowRect(rect: Partial<WindowRect>) {
    return this.send<WindowRect>('POST', '/window/rect', rect);
  }

  cookies() {
    return this.send<Array<{ name: string; value: string; sameSite?: string; httpOnly?: boolean }>>('GET', '/cookie');
  }

  setTimeouts(timeouts: { script?: number; pageLoad?: number; implicit?: number }) {
    return this.send<null>('POST', '/timeouts', timeouts);
  }

  async delete() {
    await this.send<null>('DELETE', '');
  }
}

/** WebKit's keys for send keys (the W3C key codes). */
export const KEYS = { Tab: '\uE004', Enter: '\uE007', Backspace: '\uE003', Escape: '\uE00C', Shift: '\uE008', End: '\uE010', Null: '\uE000' } as const;

export interface WebKitDriverProcess {
  base: string;
  newSession(): Promise<WebDriverSession>;
  stop(): void;
}

/** A GTK user configuration that lets MiniBrowser's window be as narrow as a phone. */
const GTK_CONFIG = path.join(__dirname, 'webkit-gtk');

const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Starts `xvfb-run -a WebKitWebDriver --port=N` (its own process group, stopped as one). */
export async function startWebKitDriver(timeoutMs: number): Promise<WebKitDriverProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
    // GTK reads $XDG_CONFIG_HOME/gtk-3.0/gtk.css: the browser's own toolbar shrunk (see that file)
    env: { ...process.env, XDG_CONFIG_HOME: GTK_CONFIG },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const status = await call<{ ready: boolean }>(base, 'GET', '/status');
      if (status.ready) break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not start on port ${port}: ${String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    async newSession() {
      const created = await call<{ sessionId: string; capabilities?: { browserVersion?: string } }>(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      });
      return new WebDriverSession(base, created.sessionId, created.capabilities?.browserVersion ?? '?');
    },
    stop() {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    },
  };
}

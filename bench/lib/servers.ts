/**
 * Servers the benchmarks start, all on 127.0.0.1 and stopped by their own pid: the reference
 * server (server/main.ts, fresh temp database), the bare fastify floor, and a tiny static
 * server for the bench-only pages.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { tempDir } from './build';
import { ROOT } from './categories';

export const LOOPBACK = '127.0.0.1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no server at ${url} after ${timeoutMs} ms`);
}

/** CPU time (user + system, ms) used so far by a process and all its descendants (Linux /proc; 0 elsewhere). */
export function processTreeCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14 and 15 of proc(5), in clock ticks of 10 ms
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ms += processTreeCpuMs(Number(child));
    }
    return ms;
  } catch {
    return 0;
  }
}

export interface Running {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** The reference server's SQLite file (startReferenceServer's own, removed by `stop`). */
  databasePath?: string;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** The reference server with a fresh database (demo data seeded), serving dist/static (of `root`, a
 * checkout: another worktree's root starts that build's server). With
 * `nodeArgs` (e.g. `--cpu-prof`) node runs the server itself through tsx's loader: tsx's CLI would
 * run it in a child process, out of reach of those flags. */
export async function startReferenceServer(env: Record<string, string> = {}, nodeArgs: string[] = [], root: string = ROOT): Promise<Running> {
  const port = await freePort();
  const dataDir = tempDir('db');
  const args = nodeArgs.length ? [...nodeArgs, '--import', 'tsx', 'server/main.ts'] : [TSX_CLI, 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: LOOPBACK,
      DATABASE_PATH: path.join(dataDir, 'loanmanager.sqlite'),
      RATE_LIMIT_MAX: '100000000',
      ROUTE_RATE_LIMIT_MAX: '100000000',
      NODE_ENV: 'production',
      // what production refuses to start without; the captcha script loads only on a submit
      SERVER_SECRET: randomBytes(32).toString('base64'),
      RECAPTCHA_METHOD: 'recaptcha_v3',
      RECAPTCHA_SITE_KEY: 'bench-site-key',
      RECAPTCHA_SECRET: 'bench-secret',
      PUBLIC_URL: 'https://portal.bench.invalid',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SEED_DEMO_DATA: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://${LOOPBACK}:${port}`;
  const stop = stopper(child);
  try {
    await waitForHttp(`${url}/loanmanager/login/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    child,
    databasePath: path.join(dataDir, 'loanmanager.sqlite'),
    stop: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The load test's floor (bench/load/floorServer.ts), or with `sessionToken` its second floor, with the controls (controlsFloorServer.ts). */
export async function startFloorServer(sessionToken?: string): Promise<Running> {
  const port = await freePort();
  const script = sessionToken ? 'bench/load/controlsFloorServer.ts' : 'bench/load/floorServer.ts';
  const child = spawn(process.execPath, [TSX_CLI, path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: LOOPBACK, ...(sessionToken ? { SESSION_TOKEN: sessionToken } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://${LOOPBACK}:${port}`;
  await waitForHttp(`${url}/constant`);
  return { url, child, stop: stopper(child) };
}

export interface Session {
  /** `sessionid=…; csrftoken=…` */
  cookie: string;
  csrfToken: string;
}

/** The jar after `response`'s Set-Cookie headers, as a browser keeps it: a cookie cleared (empty, Max-Age=0 or
 * expired) goes. */
function withCookiesOf(response: Response, jar = new Map<string, string>()): Map<string, string> {
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';');
    const index = pair?.indexOf('=') ?? -1;
    if (!pair || index <= 0) continue;
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (/^max-age$/i.test(key)) return Number(setting) <= 0;
      return /^expires$/i.test(key) && Date.parse(setting) <= Date.now();
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

const sessionOf = (jar: Map<string, string>, csrfToken: string): Session => ({
  cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  csrfToken: jar.get('csrftoken') ?? csrfToken,
});

/** Signs a demo borrower in the way the login page does: GET a page for the csrftoken, then POST login. */
async function signInJar(baseUrl: string, username: string, password: string): Promise<{ jar: Map<string, string>; csrfToken: string }> {
  const page = await fetch(`${baseUrl}/loanmanager/login/`);
  const jar = withCookiesOf(page);
  const csrfToken = jar.get('csrftoken');
  if (!csrfToken) throw new Error('no csrftoken cookie on the login page');
  const response = await fetch(`${baseUrl}/loanmanager/api/account/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrfToken,
      cookie: `csrftoken=${csrfToken}`,
    },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  withCookiesOf(response, jar);
  if (!jar.get('sessionid')) throw new Error('sign-in set no sessionid cookie');
  return { jar, csrfToken };
}

/**
 * A fresh sign-in's cookies: with the one-time flags of a sign-in (the passkey offer's, server/auth/security.ts),
 * so each page loaded with them is the first landing after signing in. For a borrower's later page
 * loads, `landedSession`.
 */
export async function signIn(baseUrl: string, username: string, password: string): Promise<Session> {
  const { jar, csrfToken } = await signInJar(baseUrl, username, password);
  return sessionOf(jar, csrfToken);
}

/**
 * A session past its first landing: signed in, then the landing page (main/) loaded once as a browser
 * navigates to it, its answer's cookies kept as a browser keeps them: the one-time flags the landing page
 * takes (the passkey offer) are gone, so pages loaded with these cookies are the ones a borrower loads
 * again and again, not the first landing they see once (issue 50). The popups stay unseen: marking them
 * seen is the widget's POST, not the page's.
 */
export async function landedSession(baseUrl: string, username: string, password: string): Promise<Session> {
  const { jar, csrfToken } = await signInJar(baseUrl, username, password);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const landing = await fetch(`${baseUrl}/loanmanager/main/`, { redirect: 'manual', headers: { cookie: cookie(), 'sec-fetch-site': 'none' } });
  await landing.arrayBuffer();
  if (landing.status !== 200) throw new Error(`the landing page answered ${landing.status}`);
  withCookiesOf(landing, jar);
  return sessionOf(jar, csrfToken);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const brotliCache = new Map<string, Buffer>();

/** Brotli (quality 11, as the reference server's precompressed files) when the browser takes it. */
function send(request: http.IncomingMessage, response: http.ServerResponse, type: string, body: Buffer, cacheKey?: string) {
  const headers: http.OutgoingHttpHeaders = { 'content-type': type, 'cache-control': 'no-store' };
  if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    let compressed = cacheKey ? brotliCache.get(cacheKey) : undefined;
    if (!compressed) {
      compressed = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      if (cacheKey) brotliCache.set(cacheKey, compressed);
    }
    response.writeHead(200, { ...headers, 'content-encoding': 'br', vary: 'accept-encoding' });
    return response.end(compressed);
  }
  response.writeHead(200, headers);
  return response.end(body);
}

/** Serves `pages` (path -> html) and the files of each `mounts` (url prefix -> folder), brotli-compressed as the reference server sends them. */
export async function startStaticServer(mounts: Record<string, string>, pages: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const html = pages[url.pathname];
    if (html !== undefined) return send(request, response, TYPES['.html'] as string, Buffer.from(html));
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = path.join(dir, path.normalize(url.pathname.slice(prefix.length)));
      if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const { mtimeMs } = fs.statSync(file);
        return send(request, response, TYPES[path.extname(file)] ?? 'application/octet-stream', fs.readFileSync(file), `${file}@${mtimeMs}`);
      }
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"errors":["not found"]}');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's keep-alive connections would hold close() open
      }),
  };
}

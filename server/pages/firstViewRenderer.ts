/**
 * The server-rendered first view of the portal's pages (issue 18): the build's render
 * (`dist/ssr/render.js`, from src/ssrEntry.tsx, beside `dist/static`) draws the page's widget
 * as HTML, which the loader then hydrates. Optional by design: without that file (a server test's
 * build, a development server before its first build), after a render error, or past the time
 * limit, the page goes out as before, and the browser draws the widget.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderPortalPage, ServerRendered, ServerRenderModule, ServerRenderRequest } from '../../src/platform/renderProtocol';

/** The build's render is CommonJS, loaded (and reloaded after a rebuild) at run time. */
const requireBuild = createRequire(__filename);

/** A first view takes a few milliseconds; past this, the page is not held back for it. */
export const RENDER_TIME_LIMIT_MS = 1_000;

/** `dist/ssr/render.js` for the build in `dist/static`. */
export const serverRenderFileOf = (staticDir: string) => path.join(path.dirname(staticDir), 'ssr', 'render.js');

interface Loaded {
  mtimeMs: number;
  render: RenderPortalPage | null;
}

function isRenderModule(value: unknown): value is ServerRenderModule {
  return typeof value === 'object' && value !== null && typeof (value as ServerRenderModule).renderPortalPage === 'function';
}

/**
 * The page's widget HTML, or null to let the browser draw it. The render file is loaded on first
 * use and again when a rebuild replaces it; `given`, a render to use instead (tests: the source's).
 */
export function createServerRenderer(staticDir: string, log: FastifyBaseLogger, given?: RenderPortalPage) {
  const file = serverRenderFileOf(staticDir);
  let loaded: Loaded | null = null;

  const current = (): RenderPortalPage | null => {
    if (given) return given;
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.mtimeMs === mtimeMs) return loaded.render;
    let render: RenderPortalPage | null = null;
    try {
      delete requireBuild.cache[requireBuild.resolve(file)];
      const module: unknown = requireBuild(file);
      render = isRenderModule(module) ? module.renderPortalPage : null;
      if (!render) log.warn({ file }, 'the server render file exports no renderPortalPage: pages are drawn by the browser');
    } catch (error) {
      log.warn({ file, err: error }, 'the server render file did not load: pages are drawn by the browser');
    }
    loaded = { mtimeMs, render };
    return render;
  };

  return async function renderWidget(request: ServerRenderRequest): Promise<ServerRendered | null> {
    const render = current();
    if (!render) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIME_LIMIT_MS);
    });
    try {
      const rendered = await Promise.race([render(request), late]);
      if (rendered === null) log.debug('no server render for this page');
      return rendered;
    } catch (error) {
      // the message and stack only: the request's address may hold a nonce (logger.ts redacts the rest)
      log.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, 'server render failed');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

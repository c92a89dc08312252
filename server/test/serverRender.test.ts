/**
 * The server-rendered first view (issue 18), with a stand-in for the build's render
 * (`dist/ssr/render.js`, beside the build's static folder): the page embeds what it draws, links
 * the stylesheets of the page's chunks, and falls back to the browser's render when the file is
 * missing, throws or takes too long. What the real render draws is tested in src/serverRender.test.tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/serverRender';
import { RENDER_TIME_LIMIT_MS, serverRenderFileOf } from '../serverRender';
import { startTestServer, TEST_CHUNK_MANIFEST, type TestServer } from './harness';

/** The stand-in render: draws the address and the config's language; `throws` and `hangs` in the address misbehave. */
const STAND_IN = `
exports.renderPortalPage = async ({ url, config }) => {
  if (url.includes('throws')) throw new Error('render broke on ' + url);
  if (url.includes('hangs')) return new Promise(() => {});
  return { html: '<h1>drawn for ' + url.replace(/[<>&"]/g, '') + ' in ' + config.locale + '</h1>', headStyles: '<style data-tokens>:root{--lm-x:1}</style>' };
};
`;

let server: TestServer;
let renderFile: string;
beforeAll(async () => {
  server = await startTestServer();
  const staticDir = path.join(server.dir, 'static');
  renderFile = serverRenderFileOf(staticDir);
  fs.mkdirSync(path.dirname(renderFile), { recursive: true });
  fs.writeFileSync(renderFile, STAND_IN);
  // the login page's chunks, with their stylesheets (webpack.config.ts writes .css files into the manifest)
  fs.writeFileSync(
    path.join(staticDir, 'chunk-manifest.json'),
    JSON.stringify({
      ...TEST_CHUNK_MANIFEST,
      portal: [...TEST_CHUNK_MANIFEST.portal, 'portal.0123456789.css'],
      hydration: ['hydration.5555555555.js'],
      'widget-login': ['shared.1111111111.js', 'widget-login.4444444444.js', 'widget-login.4444444444.css'],
    }),
  );
});
afterAll(async () => {
  await server.close();
});

describe('a portal page, with the build’s render', () => {
  it('arrives with its widget drawn, marked for hydration, its stylesheets and antd’s tokens in the head', async () => {
    const response = await server.client().get('/loanmanager/login/?password_changed=1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<div data-loanmanager-widget="portal" lang="en" ${SERVER_RENDERED_ATTRIBUTE}><h1>drawn for /loanmanager/login/?password_changed=1 in en</h1></div>`,
    );
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/loanmanager/static/portal.0123456789.css">');
    expect(head).toContain('<link rel="stylesheet" href="/loanmanager/static/widget-login.4444444444.css">');
    expect(head).toContain('<style data-tokens>:root{--lm-x:1}</style>');
    // scripts are still preloaded, stylesheets are not preloaded as scripts
    expect(head).toContain('<link rel="preload" as="script" fetchpriority="low" href="/loanmanager/static/widget-login.4444444444.js">');
    expect(head).not.toMatch(/as="script"[^>]*\.css/);
    // and the chunk that hydrates it
    expect(head).toContain('href="/loanmanager/static/hydration.5555555555.js"');
  });

  it('is drawn in the page’s language', async () => {
    const client = server.client();
    const response = await client.get('/loanmanager/login/', { headers: { cookie: 'lm_locale=es' } });
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('in es</h1>');
  });

  it('signed in: the go-green page is drawn too', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.get('/loanmanager/go-green/');
    expect(response.body).toContain('<h1>drawn for /loanmanager/go-green/ in en</h1>');
  });

  it('a render that throws: the browser draws the widget, and the log has the error without the address', async () => {
    const response = await server.client().get('/loanmanager/verify_email/?nonce=throws-secret-nonce-123');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
    expect(response.body).not.toContain(SERVER_RENDERED_ATTRIBUTE);
    expect(server.logs()).toContain('server render failed');
    expect(server.logs()).not.toContain('throws-secret-nonce-123');
    // nothing to hydrate: the hydration chunk is not preloaded
    expect(response.body).not.toContain('hydration.5555555555.js');
  });

  it('a render that takes too long: the page is not held back past the limit', async () => {
    const started = Date.now();
    const response = await server.client().get('/loanmanager/verify_email/?nonce=hangs');
    const took = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
    expect(took).toBeGreaterThanOrEqual(RENDER_TIME_LIMIT_MS - 50);
  });

  it('a page that is not a portal page (the loans list) is not drawn by it', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.get('/loanmanager/loanoverview/');
    expect(response.body).not.toContain(SERVER_RENDERED_ATTRIBUTE);
  });

  it('without the file (a build with no render): the browser draws the widget', async () => {
    const moved = `${renderFile}.away`;
    fs.renameSync(renderFile, moved);
    try {
      const response = await server.client().get('/loanmanager/login/');
      expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
      expect(response.body).not.toContain('rel="stylesheet"');
    } finally {
      fs.renameSync(moved, renderFile);
    }
  });
});

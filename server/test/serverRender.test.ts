/**
 * The server-rendered first view (issue 18), with a stand-in for the build's render
 * (`dist/ssr/render.js`, beside the build's static folder): the page embeds what it draws, links
 * the stylesheets of the page's chunks, and falls back to the browser's render when the file is
 * missing, throws or takes too long. What the real render draws is tested in src/ssrEntry.test.tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_ANSWERS_ELEMENT_ID, SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';

/** A widget element the server drew (the page's inline script names the attribute too). */
const drawnWidget = new RegExp(`<div [^>]*${SERVER_RENDERED_ATTRIBUTE}`);
import { RENDER_TIME_LIMIT_MS, serverRenderFileOf } from '../pages/firstViewRenderer';
import { firstAnswersIn, startTestServer, TEST_CHUNK_MANIFEST, type TestServer } from './harness';

/**
 * The stand-in render: draws the address, the config's language and the answers it was given (their
 * names, and go-green's address); `throws` and `hangs` in the address misbehave.
 */
const STAND_IN = `
exports.renderPortalPage = async ({ url, config, firstAnswers }) => {
  if (url.includes('throws')) throw new Error('render broke on ' + url);
  if (url.includes('hangs')) return new Promise(() => {});
  const answers = firstAnswers ? ' with ' + Object.keys(firstAnswers).join(',') + ' for ' + firstAnswers.getGoGreenStatus.email_address : '';
  return { html: '<h1>drawn for ' + url.replace(/[<>&"]/g, '') + ' in ' + config.locale + answers + '</h1>', headStyles: '<style data-tokens>:root{--lm-x:1}</style>' };
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
      // the parts of the catalog (webpack.config.ts names their unnamed chunks in the manifest)
      'catalog:en:portal': ['101.aaaaaaaaaa.js'],
      'catalog:en:login': ['102.bbbbbbbbbb.js'],
      'catalog:es:portal': ['103.cccccccccc.js'],
      'catalog:es:login': ['104.dddddddddd.js'],
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

  it('is drawn in the page’s language, and preloads the texts its hydration waits for in that language', async () => {
    const client = server.client();
    const response = await client.get('/loanmanager/login/', { headers: { cookie: 'lm_locale=es' } });
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('in es</h1>');
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloads(response.body)).toEqual(expect.arrayContaining(['/loanmanager/static/103.cccccccccc.js', '/loanmanager/static/104.dddddddddd.js']));
    expect(preloads(response.body)).not.toEqual(expect.arrayContaining(['/loanmanager/static/101.aaaaaaaaaa.js']));
    const english = preloads((await server.client().get('/loanmanager/login/')).body);
    expect(english).toEqual(expect.arrayContaining(['/loanmanager/static/101.aaaaaaaaaa.js', '/loanmanager/static/102.bbbbbbbbbb.js']));
    expect(english).not.toEqual(expect.arrayContaining(['/loanmanager/static/104.dddddddddd.js']));
  });

  it('signed in: the go-green page is drawn too, with the status it shows, which the page carries for its hydration', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const status = await client.get('/loanmanager/api/go-green/status/');
    expect(status.statusCode).toBe(200);
    const response = await client.get('/loanmanager/go-green/');
    const info = JSON.parse(status.body) as { email_address: string; disclosures: string };
    expect(response.body).toContain(`<h1>drawn for /loanmanager/go-green/ in en with getGoGreenStatus for ${info.email_address}</h1>`);
    // exactly the API's answer, as a data block whose HTML (the disclosures) cannot end it
    expect(info.disclosures).toContain('<');
    expect(firstAnswersIn(response.body)).toEqual({ getGoGreenStatus: info });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('signed in: the profile page comes with the same status; a page whose catalog row names none comes with nothing', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const status = JSON.parse((await client.get('/loanmanager/api/go-green/status/')).body) as unknown;
    expect(firstAnswersIn((await client.get('/loanmanager/profile/')).body)).toEqual({ getGoGreenStatus: status });
    const signedOut = await server.client().get('/loanmanager/login/');
    expect(signedOut.body).toMatch(drawnWidget);
    expect(signedOut.body).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
  });

  it('after an opt-out, the next go-green page comes with it, once (a flag cookie, no data)', async () => {
    const client = server.client();
    await client.login('paula.paperless');
    const optOut = await client.post('/loanmanager/api/go-green/opt_out/', {});
    expect(optOut.statusCode).toBe(200);
    expect(optOut.cookies.find((cookie) => cookie.name === 'lm_opted_out')).toMatchObject({
      value: '1',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/loanmanager/',
      maxAge: 600,
    });
    const next = await client.get('/loanmanager/go-green/');
    expect(next.body).toContain('with getGoGreenStatus,goGreenOptOut for');
    expect(firstAnswersIn(next.body)).toMatchObject({ goGreenOptOut: { opted_out: true } });
    expect(client.cookies.has('lm_opted_out')).toBe(false);
    const again = await client.get('/loanmanager/go-green/');
    expect(firstAnswersIn(again.body)).not.toHaveProperty('goGreenOptOut');
  });

  it('a page whose answer cannot be computed (its disclosures unreadable) still goes out, drawn without it; the log says why', async () => {
    const broken = await startTestServer({ disclosuresPath: path.join(server.dir, 'no-such-disclosures.html') });
    try {
      const staticDir = path.join(broken.dir, 'static');
      fs.mkdirSync(path.dirname(serverRenderFileOf(staticDir)), { recursive: true });
      fs.writeFileSync(serverRenderFileOf(staticDir), STAND_IN);
      const client = broken.client();
      await client.login('dana.demo');
      const response = await client.get('/loanmanager/go-green/');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>drawn for /loanmanager/go-green/ in en</h1>');
      expect(response.body).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
      expect(broken.logs()).toContain('first answers failed');
    } finally {
      await broken.close();
    }
  });

  it('a page the browser draws (its render failed) carries no answers: the browser asks for them', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.get('/loanmanager/go-green/?then=throws');
    expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
    expect(response.body).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
  });

  it('a render that throws: the browser draws the widget, and the log has the error without the address', async () => {
    const response = await server.client().get('/loanmanager/verify_email/?nonce=throws-secret-nonce-123');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
    expect(response.body).not.toMatch(drawnWidget);
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
    expect(response.body).not.toMatch(drawnWidget);
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIdentity } from '../pages/pageCache';
import { buildRecheckMs, messagesChunkGroup, pageChunkGroups, preloadUrls, readChunkManifest, stylesheetUrls } from '../pages/preload';

describe('chunk manifest', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-manifest-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('no build, or a manifest that is not one, preloads nothing', () => {
    expect(readChunkManifest(dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'chunk-manifest.json'), '{"portal": [1]');
    expect(readChunkManifest(dir)).toBeNull();
    expect(preloadUrls(null, ['portal'])).toEqual([]);
  });

  it('is read again when a rebuild rewrites it', () => {
    const file = path.join(dir, 'chunk-manifest.json');
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.aaaaaaaaaa.js'] }));
    expect(readChunkManifest(dir)).toEqual({ portal: ['portal.aaaaaaaaaa.js'] });
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.bbbbbbbbbb.js'] }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(readChunkManifest(dir)).toEqual({ portal: ['portal.bbbbbbbbbb.js'] });
  });

  it('works a list out once per manifest: the same list for every page of it, a new one after a rebuild', () => {
    const file = path.join(dir, 'chunk-manifest.json');
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.aaaaaaaaaa.js', 'portal.aaaaaaaaaa.css'] }));
    const first = preloadUrls(readChunkManifest(dir), ['portal']);
    expect(first).toEqual(['/loanmanager/static/portal.aaaaaaaaaa.js']);
    expect(preloadUrls(readChunkManifest(dir), ['portal'])).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(stylesheetUrls(readChunkManifest(dir), ['portal'])).toEqual(['/loanmanager/static/portal.aaaaaaaaaa.css']);
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.bbbbbbbbbb.js'] }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(preloadUrls(readChunkManifest(dir), ['portal'])).toEqual(['/loanmanager/static/portal.bbbbbbbbbb.js']);
  });

  it('in production, is looked at again after a while, not on every page; the build’s identity likewise (issue 50)', async () => {
    expect(buildRecheckMs(false)).toBe(0);
    expect(buildRecheckMs(true)).toBeGreaterThan(0);
    const file = path.join(dir, 'chunk-manifest.json');
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.aaaaaaaaaa.js'] }));
    const recheckMs = 1_000;
    expect(readChunkManifest(dir, recheckMs)).toEqual({ portal: ['portal.aaaaaaaaaa.js'] });
    const identity = buildIdentity(dir, recheckMs);
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.bbbbbbbbbb.js'] }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    // within the while: what was seen
    expect(readChunkManifest(dir, recheckMs)).toEqual({ portal: ['portal.aaaaaaaaaa.js'] });
    expect(buildIdentity(dir, recheckMs)).toBe(identity);
    // on every call (development, tests): the rebuild at once
    expect(readChunkManifest(dir)).toEqual({ portal: ['portal.bbbbbbbbbb.js'] });
    expect(buildIdentity(dir)).not.toBe(identity);
    fs.writeFileSync(file, JSON.stringify({ portal: ['portal.cccccccccc.js'] }));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    await new Promise((resolve) => setTimeout(resolve, recheckMs + 50));
    expect(readChunkManifest(dir, recheckMs)).toEqual({ portal: ['portal.cccccccccc.js'] });
  });

  it('lists only plain script names under the static prefix', () => {
    const manifest = { a: ['x.js', 'x.js', '../secret.js', 'y.css', 'z"onload=1.js'] };
    expect(preloadUrls(manifest, ['a', 'missing'])).toEqual(['/loanmanager/static/x.js']);
  });

  it('lists the stylesheets of the groups apart: a server-rendered page links them, never preloads them as scripts', () => {
    const manifest = { a: ['x.js', 'x.css', '../secret.css', 'y.css'], b: ['y.css', 'z.css'] };
    expect(stylesheetUrls(manifest, ['a', 'b'])).toEqual(['/loanmanager/static/x.css', '/loanmanager/static/y.css', '/loanmanager/static/z.css']);
    expect(preloadUrls(manifest, ['a', 'b'])).toEqual(['/loanmanager/static/x.js']);
    expect(stylesheetUrls(null, ['a'])).toEqual([]);
  });

  it('a page loads the runtime, the catalogs’ index, the portal on its routes, then its widget', () => {
    expect(pageChunkGroups('widget-login', { portal: true })).toEqual(['widget-runtime', 'i18n-catalogs', 'portal', 'hydration', 'widget-login']);
    expect(pageChunkGroups('widget-popups', { portal: false })).toEqual(['widget-runtime', 'i18n-catalogs', 'widget-popups']);
    // a portal page the browser draws (QA replay, pseudo-locale, a failed render) has nothing to hydrate
    expect(pageChunkGroups('qa-replay', { portal: true, hydrates: false })).toEqual(['widget-runtime', 'i18n-catalogs', 'portal', 'qa-replay']);
    // a page the server drew names the parts of the catalog its hydration waits for
    expect(pageChunkGroups('widget-login', { portal: true, catalogs: ['catalog:es:portal', 'catalog:es:login'] })).toEqual([
      'widget-runtime',
      'i18n-catalogs',
      'catalog:es:portal',
      'catalog:es:login',
      'portal',
      'hydration',
      'widget-login',
    ]);
    expect(messagesChunkGroup('es', 'login')).toBe('catalog:es:login');
    // a page whose first view waits for its flows' request (verify_email) loads them with it
    expect(pageChunkGroups('widget-verify-email', { portal: true, flows: ['flows', 'flows-verify-email'] })).toEqual([
      'widget-runtime',
      'i18n-catalogs',
      'portal',
      'hydration',
      'widget-verify-email',
      'flows',
      'flows-verify-email',
    ]);
  });
});

/**
 * Which scripts a page preloads. webpack writes `chunk-manifest.json` beside the chunks (each
 * named chunk group's files, webpack.config.ts); a page names the groups it will load (the widget
 * runtime and its widget), and its head lists their files, so a phone fetches them all at once
 * instead of one round trip after another (loader → runtime → widget).
 */
import fs from 'node:fs';
import path from 'node:path';

export const CHUNK_MANIFEST = 'chunk-manifest.json';

/**
 * The manifest's name for the chunk of one part of the catalog in one language (those chunks have
 * no webpack names: src/platform/i18n/widgetMessages.ts), written by webpack.config.ts.
 */
export const messagesChunkGroup = (locale: string, namespace: string) => `catalog:${locale}:${namespace}`;
const STATIC_PREFIX = '/loanmanager/static/';

type ChunkManifest = Record<string, string[]>;

interface Cached {
  mtimeMs: number;
  manifest: ChunkManifest | null;
  /** When its file's time was last looked at (Date.now), for `recheckMs`. */
  checkedAt: number;
}

/** By build folder. */
const cache = new Map<string, Cached>();

/**
 * How long a production server goes by what it last saw of its build's files (the chunk manifest, the
 * server render's time): `npm run build` rewrites them under the running instances before each is
 * restarted (docs/deploy.md), and a server sees it within this. Looking on every page was four `stat`
 * calls a go-green page, 6 % of its CPU (issue 50, bench/RESULTS.md "Server-drawn pages"). Development and tests look
 * on every page.
 */
const PRODUCTION_BUILD_RECHECK_MS = 1_000;
export const buildRecheckMs = (production: boolean) => (production ? PRODUCTION_BUILD_RECHECK_MS : 0);

function isManifest(value: unknown): value is ChunkManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((files) => Array.isArray(files) && files.every((file) => typeof file === 'string'))
  );
}

/**
 * The manifest of a build folder, re-read when a rebuild rewrites it; null without a build. `recheckMs`:
 * its file's time is looked at no more often than this (buildRecheckMs; 0: on every call).
 */
export function readChunkManifest(staticDir: string, recheckMs = 0): ChunkManifest | null {
  const now = recheckMs > 0 ? Date.now() : 0;
  const cached = cache.get(staticDir);
  if (cached && recheckMs > 0 && now - cached.checkedAt < recheckMs) return cached.manifest;
  const file = path.join(staticDir, CHUNK_MANIFEST);
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    cache.set(staticDir, { mtimeMs: -1, manifest: null, checkedAt: now });
    return null;
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.manifest;
  }
  let manifest: ChunkManifest | null = null;
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    manifest = isManifest(parsed) ? parsed : null;
  } catch {
    manifest = null; // a half-written manifest during a rebuild: no preloads for this request
  }
  cache.set(staticDir, { mtimeMs, manifest, checkedAt: now });
  return manifest;
}

/** Each manifest's lists, by extension and groups: worked out once per manifest, not on every page (issue 50). */
const listsOf = new WeakMap<ChunkManifest, Map<string, readonly string[]>>();

function groupFiles(manifest: ChunkManifest | null, groups: string[], extension: RegExp): string[] {
  if (!manifest) return [];
  let lists = listsOf.get(manifest);
  if (!lists) listsOf.set(manifest, (lists = new Map()));
  const key = `${extension.source}\n${groups.join('\n')}`;
  let list = lists.get(key);
  if (!list) {
    const files = new Set<string>();
    for (const group of groups) for (const file of manifest[group] ?? []) files.add(file);
    list = Object.freeze([...files].filter((file) => /^[\w.-]+$/.test(file) && extension.test(file)).map((file) => `${STATIC_PREFIX}${file}`));
    lists.set(key, list);
  }
  // shared by every page that lists these groups: frozen, and typed as the callers read it
  return list as string[];
}

/** Script addresses to preload for these chunk groups, each once, in the groups' order. */
export function preloadUrls(manifest: ChunkManifest | null, groups: string[]): string[] {
  return groupFiles(manifest, groups, /\.js$/);
}

/**
 * The stylesheets of these chunk groups: a server-rendered first view links them from the head,
 * so it is drawn styled; webpack's runtime finds the same links when the chunks load, and does
 * not load them again.
 */
export function stylesheetUrls(manifest: ChunkManifest | null, groups: string[]): string[] {
  return groupFiles(manifest, groups, /\.css$/);
}

/**
 * The chunk groups a widget page loads: the runtime, the portal's router on its pages, what it
 * shows. Not the flows (src/app/flows.ts): they download after the first view, also on a page
 * whose content is an API answer the server sends with it (go-green, profile, main/), except on
 * a page whose first view waits for the flows' own request (`flowsOfFirstView` of its catalog
 * row: verify_email), which preloads them too.
 */
export function pageChunkGroups(
  chunkGroup: string,
  {
    portal,
    hydrates = portal,
    flows = [],
    catalogs = [],
  }: { portal: boolean; hydrates?: boolean; flows?: readonly string[]; catalogs?: readonly string[] },
): string[] {
  // a portal page the server drew: the chunk that hydrates it (src/widgets/hydrateWidget.tsx) comes too;
  // one the browser draws (the QA replay page, the pseudo-locale, a render that failed) never loads it
  // the catalogs' index (src/widgets/withPageFeature.ts) too: the loader asks for it beside the widget, and its
  // answer asks for the widget's texts, one round trip after another before the first view can hydrate
  // answer asks for the widget's texts, one round trip after another before the first view can hydrate; a page
  // the server drew names those texts too (`catalogs`: its catalog parts in its language, messagesChunkGroup)
  return [
    'widget-runtime',
    'i18n-catalogs',
    ...catalogs,
    ...(portal ? ['portal'] : []),
    ...(portal && hydrates ? ['hydration'] : []),
    chunkGroup,
    ...flows,
  ];
}

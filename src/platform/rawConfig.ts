/**
 * The first, dependency-free step of reading the config block, small enough for the loader:
 * find it and parse its JSON. `parseConfig` (config.ts) validates the result.
 */
export const CONFIG_ELEMENT_ID = 'loanmanager-config';

export function readRawConfig(doc: Document = document): unknown {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('unable to get config');
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    throw new Error('unable to get config');
  }
}

/** Where the chunks are, read without validation so the loader can point webpack at them. */
export function staticUrlOf(raw: unknown): string {
  const value = raw && typeof raw === 'object' && 'static_url' in raw ? raw.static_url : null;
  const url = typeof value === 'string' && value !== '' ? value : '/loanmanager/static/';
  return url.endsWith('/') ? url : `${url}/`;
}

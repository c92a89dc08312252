/**
 * Whether a page records its actions for QA: the one piece of the recorder every page's first load
 * needs (mountWidget.tsx asks it before anything is drawn); the rest (recorderControls.ts) comes
 * with the recording store only on a page that records.
 */
import type { PortalConfig } from '../../platform/config';

/** On when the config says so, or in a non-production build opened with ?record=1. */
export function shouldRecord(config: Pick<PortalConfig, 'recordActions'>, search: string, production: boolean): boolean {
  if (config.recordActions) return true;
  return !production && new URLSearchParams(search).get('record') === '1';
}

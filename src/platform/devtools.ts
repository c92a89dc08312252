import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import type { PortalConfig } from './config';
import { redact } from './redaction';

/**
 * Redux DevTools: on in development builds and when the config says `devtools: true`.
 * Every action and state goes through the redaction module before DevTools sees it.
 */
export function devToolsOptions(config: Pick<PortalConfig, 'devtools'>): DevToolsEnhancerOptions | false {
  const enabled = process.env.NODE_ENV !== 'production' || config.devtools;
  if (!enabled) return false;
  return {
    name: 'Loan Manager borrower portal',
    trace: true,
    traceLimit: 25,
    actionSanitizer: (action) => redact(action),
    stateSanitizer: (state) => redact(state),
  };
}

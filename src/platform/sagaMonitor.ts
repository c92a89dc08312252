/**
 * A redux-saga monitor for development: where Redux DevTools are allowed (devtools.ts), a monitor
 * the developer puts on the page as `window.__SAGA_MONITOR_EXTENSION__` (the redux-saga devtools',
 * `@redux-saga/simple-saga-monitor`, or any object with the SagaMonitor hooks) sees every effect.
 * None is a dependency of the portal; without one, nothing is attached. Downloaded with the flows.
 */
import type { SagaMonitor } from 'redux-saga';
import type { PortalConfig } from './config';

export function sagaMonitorOf(config: Pick<PortalConfig, 'devtools'>): SagaMonitor | undefined {
  const enabled = process.env.NODE_ENV !== 'production' || config.devtools;
  if (!enabled || typeof window === 'undefined') return undefined;
  return (window as { __SAGA_MONITOR_EXTENSION__?: SagaMonitor }).__SAGA_MONITOR_EXTENSION__;
}

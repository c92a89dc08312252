/**
 * What sagas need from the outside world, handed to the saga middleware as context so tests
 * can swap any of it. Sagas read it with `yield* getDependencies()`.
 */
import { getContext } from 'redux-saga/effects';
import type { CaptchaProvider } from './captcha';
import type { PortalConfig } from './config';
import type { ErrorReporter } from './errorReporting';
import type { Navigation } from './navigation';

export interface PortalDependencies {
  config: PortalConfig;
  navigation: Navigation;
  captcha: CaptchaProvider;
  reporter: ErrorReporter;
  /** The browser session storage (sessionStorage); the recovery cache lives here, briefly. */
  sessionStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const DEPENDENCIES_CONTEXT = 'dependencies';

export function* getDependencies(): Generator<unknown, PortalDependencies, unknown> {
  return (yield getContext(DEPENDENCIES_CONTEXT)) as PortalDependencies;
}

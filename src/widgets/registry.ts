/**
 * Every widget a host page can place with <div data-loanmanager-widget="NAME">. Each entry is a
 * separate chunk: a page downloads only the widgets it holds.
 */
import type { ComponentType } from 'react';

export type WidgetModule = { default: ComponentType };

/** The attribute of a host page's widget element: <div data-loanmanager-widget="NAME">. */
export const WIDGET_ATTRIBUTE = 'data-loanmanager-widget';

export const widgetRegistry: Record<string, () => Promise<WidgetModule>> = {
  registration: () => import(/* webpackChunkName: "widget-registration" */ '../features/registration/RegistrationWidget'),
  'recover-username': () =>
    import(/* webpackChunkName: "widget-recover-username" */ '../features/recoverUsername/RecoverUsernameWidget'),
  'request-password-reset': () =>
    import(/* webpackChunkName: "widget-request-password-reset" */ '../features/passwordReset/RequestPasswordResetWidget'),
  'reset-password': () =>
    import(/* webpackChunkName: "widget-reset-password" */ '../features/passwordReset/ResetPasswordWidget'),
  'verify-email': () => import(/* webpackChunkName: "widget-verify-email" */ '../features/verifyEmail/VerifyEmailWidget'),
  'go-green': () => import(/* webpackChunkName: "widget-go-green" */ '../features/goGreen/GoGreenWidget'),
  popups: () => import(/* webpackChunkName: "widget-popups" */ '../features/popups/PopupsWidget'),
  login: () => import(/* webpackChunkName: "widget-login" */ '../features/login/LoginWidget'),
  profile: () => import(/* webpackChunkName: "widget-profile" */ '../features/profile/ProfileWidget'),
  portal: () => import(/* webpackChunkName: "portal" */ '../pages/PortalApp'),
};

import { api } from './baseApi';
import type { ConfirmPassword, ConfirmPasswordResponse, DismissPopup, EmailQuery, IsValidatedResponse, MarkPopupSeen, PopupItem, PopupRequest, RequestEmailChange, RequestEmailChangeResponse, SessionTimeout } from './schemas';

/**
 * The signed-in user's calls. The GETs are queries read from the cache; the sagas that must send
 * every check and every poll force a fresh request (`callQuery(..., { forceRefetch: true })`).
 */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEmailAddress: build.query<unknown, EmailQuery>({
      query: (params) => ({ url: 'user/check_email_address/', params }),
      // read once by the saga that asked, with a fresh request each time: not kept once read
      keepUnusedDataFor: 0,
    }),
    isValidated: build.query<IsValidatedResponse, EmailQuery>({
      query: (params) => ({ url: 'user/is_validated/', params }),
      keepUnusedDataFor: 0,
    }),
    requestEmailChange: build.mutation<RequestEmailChangeResponse, RequestEmailChange>({
      query: (body) => ({
        url: 'user/request_email_change/',
        method: 'POST',
        body,
      }),
    }),
    // re-authentication (issue 38): the password proved again opens a short window in which a change
    // of the address on file is allowed. RTK Query keeps no mutation's arguments in the store, and the
    // `password` key of its pending action is redacted by every sink (src/platform/redaction.ts)
    confirmPassword: build.mutation<ConfirmPasswordResponse, ConfirmPassword>({
      query: (body) => ({
        url: 'user/confirm_password/',
        method: 'POST',
        body,
      }),
    }),
    // when the session ends (docs/security.md, control 24): read once per page by the inactivity warning
    getSessionTimeout: build.query<SessionTimeout, void>({
      query: () => ({ url: 'user/session/' }),
      keepUnusedDataFor: 0,
    }),
    extendSession: build.mutation<SessionTimeout, void>({
      query: () => ({ url: 'user/session/extend/', method: 'POST' }),
    }),
    getPopups: build.mutation<PopupItem[], PopupRequest>({
      query: (body) => ({ url: 'user/popup/', method: 'POST', body }),
    }),
    // keepalive: a popup's action often leaves the page at once (autopay, profile); the mark must
    // still reach the server, or the popup shows again on the next visit.
    markPopupSeen: build.mutation<unknown, MarkPopupSeen>({
      query: (body) => ({ url: 'user/set_popup_seen/', method: 'POST', body, keepalive: true }),
    }),
    dismissPopup: build.mutation<unknown, DismissPopup>({
      query: (body) => ({ url: 'user/dismiss_popup/', method: 'POST', body, keepalive: true }),
    }),
  }),
});

/**
 * Calls the page makes by itself, not the borrower (go-green's 5 s poll): the server does not let
 * them hold the session open (its `backgroundPoll` routes), and the inactivity warning does not
 * count them as activity (matched by their endpoints' matchers).
 */
export const BACKGROUND_POLLS = [userApi.endpoints.isValidated] as const;

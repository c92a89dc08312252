import { api } from './baseApi';
import {
  dismissPopupSchema,
  emailQuerySchema,
  isValidatedResponseSchema,
  markPopupSeenSchema,
  popupListSchema,
  popupRequestSchema,
  requestEmailChangeResponseSchema,
  requestEmailChangeSchema,
  type DismissPopup,
  type EmailQuery,
  type IsValidatedResponse,
  type MarkPopupSeen,
  type PopupItem,
  type PopupRequest,
  type RequestEmailChange,
  type RequestEmailChangeResponse,
} from './contract';

/**
 * The signed-in user's calls. The GETs are queries read from the cache; the sagas that must send
 * every check and every poll force a fresh request (`callQuery(..., { forceRefetch: true })`).
 */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEmailAddress: build.query<unknown, EmailQuery>({
      query: (params) => ({ url: 'user/check_email_address/', params, contract: emailQuerySchema }),
      // read once by the saga that asked, with a fresh request each time: not kept once read
      keepUnusedDataFor: 0,
    }),
    isValidated: build.query<IsValidatedResponse, EmailQuery>({
      query: (params) => ({ url: 'user/is_validated/', params, contract: emailQuerySchema, response: isValidatedResponseSchema }),
      keepUnusedDataFor: 0,
    }),
    requestEmailChange: build.mutation<RequestEmailChangeResponse, RequestEmailChange>({
      query: (body) => ({
        url: 'user/request_email_change/',
        method: 'POST',
        body,
        contract: requestEmailChangeSchema,
        response: requestEmailChangeResponseSchema,
      }),
    }),
    getPopups: build.mutation<PopupItem[], PopupRequest>({
      query: (body) => ({ url: 'user/popup/', method: 'POST', body, contract: popupRequestSchema, response: popupListSchema }),
    }),
    // keepalive: a popup's action often leaves the page at once (autopay, profile); the mark must
    // still reach the server, or the popup shows again on the next visit.
    markPopupSeen: build.mutation<unknown, MarkPopupSeen>({
      query: (body) => ({ url: 'user/set_popup_seen/', method: 'POST', body, contract: markPopupSeenSchema, keepalive: true }),
    }),
    dismissPopup: build.mutation<unknown, DismissPopup>({
      query: (body) => ({ url: 'user/dismiss_popup/', method: 'POST', body, contract: dismissPopupSchema, keepalive: true }),
    }),
  }),
});

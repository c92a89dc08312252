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

/** The signed-in user's calls. The GETs are mutations too: every call must really go out (polling). */
export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkEmailAddress: build.mutation<unknown, EmailQuery>({
      query: (params) => ({ url: 'user/check_email_address/', params, contract: emailQuerySchema }),
    }),
    isValidated: build.mutation<IsValidatedResponse, EmailQuery>({
      query: (params) => ({ url: 'user/is_validated/', params, contract: emailQuerySchema, response: isValidatedResponseSchema }),
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
    markPopupSeen: build.mutation<unknown, MarkPopupSeen>({
      query: (body) => ({ url: 'user/set_popup_seen/', method: 'POST', body, contract: markPopupSeenSchema }),
    }),
    dismissPopup: build.mutation<unknown, DismissPopup>({
      query: (body) => ({ url: 'user/dismiss_popup/', method: 'POST', body, contract: dismissPopupSchema }),
    }),
  }),
});

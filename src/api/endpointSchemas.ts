/**
 * The contract's schemas (schemas.ts) of each endpoint, by its name: the base query checks a
 * payload ("required payload is missing") and a success answer against them (baseApi.ts). Apart
 * from the endpoints' definitions, so that a first view that reads the API cache (go-green's
 * status) loads RTK Query without the contract's schemas; the flows install them (flows.ts
 * `installApi`) before any request can go out. An endpoint not named here is sent and answered unchecked.
 */
import type { EndpointSchemas } from './baseApi';
import type { accountApi } from './accountApi';
import type { goGreenApi } from './goGreenApi';
import type { passkeyApi } from './passkeyApi';
import type { userApi } from './userApi';
import {
  confirmPasswordResponseSchema,
  confirmPasswordSchema,
  dismissPopupSchema,
  emailQuerySchema,
  goGreenInfoSchema,
  goGreenOptInSchema,
  isValidatedResponseSchema,
  loginResponseSchema,
  loginSchema,
  markPopupSeenSchema,
  passkeyItemSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySignInSchema,
  popupListSchema,
  popupRequestSchema,
  recoverUsernameResponseSchema,
  recoverUsernameSchema,
  removePasskeySchema,
  renamePasskeySchema,
  registrationResponseSchema,
  registrationSchema,
  requestEmailChangeResponseSchema,
  requestEmailChangeSchema,
  requestPasswordResetResponseSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  addPasskeySchema,
  sessionTimeoutSchema,
  validateNonceSchema,
  verifyRequestSchema,
} from './schemas';

type EndpointName = keyof (typeof accountApi.endpoints & typeof goGreenApi.endpoints & typeof userApi.endpoints & typeof passkeyApi.endpoints);

export const ENDPOINT_SCHEMAS = {
  recoverUsername: { contract: recoverUsernameSchema, response: recoverUsernameResponseSchema },
  register: { contract: registrationSchema, response: registrationResponseSchema },
  requestPasswordReset: { contract: requestPasswordResetSchema, response: requestPasswordResetResponseSchema },
  resetPassword: { contract: resetPasswordSchema },
  validateNonce: { contract: validateNonceSchema },
  verifyEmail: { contract: verifyRequestSchema },
  login: { contract: loginSchema, response: loginResponseSchema },
  checkEmailAddress: { contract: emailQuerySchema },
  isValidated: { contract: emailQuerySchema, response: isValidatedResponseSchema },
  requestEmailChange: { contract: requestEmailChangeSchema, response: requestEmailChangeResponseSchema },
  confirmPassword: { contract: confirmPasswordSchema, response: confirmPasswordResponseSchema },
  getSessionTimeout: { response: sessionTimeoutSchema },
  extendSession: { response: sessionTimeoutSchema },
  getPopups: { contract: popupRequestSchema, response: popupListSchema },
  markPopupSeen: { contract: markPopupSeenSchema },
  dismissPopup: { contract: dismissPopupSchema },
  getGoGreenStatus: { response: goGreenInfoSchema },
  goGreenOptIn: { contract: goGreenOptInSchema },
  passkeySignInOptions: { response: passkeyOptionsSchema },
  passkeySignIn: { contract: passkeySignInSchema, response: loginResponseSchema },
  getPasskeys: { response: passkeyListSchema },
  passkeyAddOptions: { response: passkeyOptionsSchema },
  addPasskey: { contract: addPasskeySchema, response: passkeyItemSchema },
  renamePasskey: { contract: renamePasskeySchema, response: passkeyListSchema },
  removePasskey: { contract: removePasskeySchema, response: passkeyListSchema },
  passkeyReauthOptions: { response: passkeyOptionsSchema },
  confirmPasskey: { contract: passkeySignInSchema, response: confirmPasswordResponseSchema },
} satisfies Partial<Record<EndpointName, EndpointSchemas>>;

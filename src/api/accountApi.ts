import { api } from './baseApi';
import {
  loginSchema,
  loginResponseSchema,
  recoverUsernameResponseSchema,
  recoverUsernameSchema,
  registrationResponseSchema,
  registrationSchema,
  requestPasswordResetResponseSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  validateNonceSchema,
  verifyRequestSchema,
  type Login,
  type LoginResponse,
  type RecoverUsername,
  type RecoverUsernameResponse,
  type Registration,
  type RegistrationResponse,
  type RequestPasswordReset,
  type RequestPasswordResetResponse,
  type ResetPassword,
  type ValidateNonce,
  type VerifyRequest,
} from './contract';

/** The signed-out account calls (spec section 7), plus sign-in which the reference server adds. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    recoverUsername: build.mutation<RecoverUsernameResponse, RecoverUsername>({
      query: (body) => ({ url: 'account/recover_username/', method: 'POST', body, contract: recoverUsernameSchema, response: recoverUsernameResponseSchema }),
    }),
    register: build.mutation<RegistrationResponse, Registration>({
      query: (body) => ({
        url: 'account/register/',
        method: 'POST',
        body,
        contract: registrationSchema,
        response: registrationResponseSchema,
      }),
    }),
    requestPasswordReset: build.mutation<RequestPasswordResetResponse, RequestPasswordReset>({
      query: (body) => ({
        url: 'account/request_password_reset/',
        method: 'POST',
        body,
        contract: requestPasswordResetSchema,
        response: requestPasswordResetResponseSchema,
      }),
    }),
    resetPassword: build.mutation<unknown, ResetPassword>({
      query: (body) => ({ url: 'account/reset_password/', method: 'POST', body, contract: resetPasswordSchema }),
    }),
    validateNonce: build.mutation<unknown, ValidateNonce>({
      query: (body) => ({ url: 'account/validate_nonce/', method: 'POST', body, contract: validateNonceSchema }),
    }),
    verifyEmail: build.mutation<unknown, VerifyRequest>({
      query: (body) => ({ url: 'anon-user/verify_email/', method: 'POST', body, contract: verifyRequestSchema }),
    }),
    login: build.mutation<LoginResponse, Login>({
      query: (body) => ({ url: 'account/login/', method: 'POST', body, contract: loginSchema, response: loginResponseSchema }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: 'account/logout/', method: 'POST' }),
    }),
  }),
});

import { api } from './baseApi';
import type { Login, LoginResponse, RecoverUsername, RecoverUsernameResponse, Registration, RegistrationResponse, RequestPasswordReset, RequestPasswordResetResponse, ResetPassword, ValidateNonce, VerifyRequest } from './schemas';

/** The signed-out account calls (spec section 7), plus sign-in which the reference server adds. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    recoverUsername: build.mutation<RecoverUsernameResponse, RecoverUsername>({
      query: (body) => ({ url: 'account/recover_username/', method: 'POST', body }),
    }),
    register: build.mutation<RegistrationResponse, Registration>({
      query: (body) => ({
        url: 'account/register/',
        method: 'POST',
        body,
      }),
    }),
    requestPasswordReset: build.mutation<RequestPasswordResetResponse, RequestPasswordReset>({
      query: (body) => ({
        url: 'account/request_password_reset/',
        method: 'POST',
        body,
      }),
    }),
    resetPassword: build.mutation<unknown, ResetPassword>({
      query: (body) => ({ url: 'account/reset_password/', method: 'POST', body }),
    }),
    validateNonce: build.mutation<unknown, ValidateNonce>({
      query: (body) => ({ url: 'account/validate_nonce/', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<unknown, VerifyRequest>({
      query: (body) => ({ url: 'anon-user/verify_email/', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, Login>({
      query: (body) => ({ url: 'account/login/', method: 'POST', body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: 'account/logout/', method: 'POST' }),
    }),
  }),
});

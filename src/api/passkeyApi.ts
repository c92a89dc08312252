import { api } from './baseApi';
import type { ConfirmPasswordResponse, LoginResponse, PasskeyCredential, PasskeyItem, PasskeyList } from './schemas';

/**
 * Passkeys (our addition, issue 49): a ceremony's options come from the server, the browser answers
 * them (src/sagas/webauthn.ts), the answer goes back. The `credential` key is redacted by
 * every sink (src/platform/redaction.ts), like a password.
 */
export const passkeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeySignInOptions: build.mutation<Record<string, unknown>, void>({
      query: () => ({ url: 'account/passkey/options/', method: 'POST', body: {} }),
    }),
    passkeySignIn: build.mutation<LoginResponse, { credential: PasskeyCredential }>({
      query: (body) => ({ url: 'account/passkey/login/', method: 'POST', body }),
    }),
    getPasskeys: build.query<PasskeyList, void>({
      query: () => ({ url: 'user/passkeys/' }),
      providesTags: ['Passkeys'],
    }),
    passkeyAddOptions: build.mutation<Record<string, unknown>, void>({
      query: () => ({ url: 'user/passkeys/add_options/', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<PasskeyItem, { credential: PasskeyCredential; name: string }>({
      query: (body) => ({ url: 'user/passkeys/add/', method: 'POST', body }),
      invalidatesTags: ['Passkeys'],
    }),
    renamePasskey: build.mutation<PasskeyList, { id: number; name: string }>({
      query: (body) => ({ url: 'user/passkeys/rename/', method: 'POST', body }),
      invalidatesTags: ['Passkeys'],
    }),
    removePasskey: build.mutation<PasskeyList, { id: number }>({
      query: (body) => ({ url: 'user/passkeys/remove/', method: 'POST', body }),
      invalidatesTags: ['Passkeys'],
    }),
    passkeyReauthOptions: build.mutation<Record<string, unknown>, void>({
      query: () => ({ url: 'user/passkeys/reauth_options/', method: 'POST', body: {} }),
    }),
    confirmPasskey: build.mutation<ConfirmPasswordResponse, { credential: PasskeyCredential }>({
      query: (body) => ({ url: 'user/confirm_passkey/', method: 'POST', body }),
    }),
  }),
});

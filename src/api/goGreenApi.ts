import { api } from './baseApi';
import type { GoGreenInfo, GoGreenOptIn } from './schemas';

export const goGreenApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fetched once on load; the answer is the go-green info. */
    getGoGreenStatus: build.query<GoGreenInfo, void>({
      query: () => ({ url: 'go-green/status/' }),
      providesTags: ['GoGreenStatus'],
    }),
    goGreenOptIn: build.mutation<unknown, GoGreenOptIn>({
      query: (body) => ({ url: 'go-green/opt_in/', method: 'POST', body }),
    }),
    goGreenOptOut: build.mutation<unknown, void>({
      query: () => ({ url: 'go-green/opt_out/', method: 'POST' }),
    }),
  }),
});

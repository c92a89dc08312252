/**
 * The reducer a replay runs: the root reducer with every API endpoint injected. RTK Query's
 * reducer looks each request's endpoint up, and endpoints are injected by their modules, which
 * the running app loads with the sagas; a replay loads no saga, so it loads them here.
 */
import { accountApi } from '../../api/accountApi';
import { goGreenApi } from '../../api/goGreenApi';
import { userApi } from '../../api/userApi';
import { rootReducer } from '../rootReducer';

export const INJECTED_APIS = [accountApi, goGreenApi, userApi] as const;

export const portalReducer = rootReducer;

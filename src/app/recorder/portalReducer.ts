/**
 * The reducer a replay runs: the root reducer with every API endpoint injected. RTK Query's
 * reducer looks each request's endpoint up, and endpoints are injected by their modules, which
 * the running app loads with the sagas; a replay loads no saga, so it loads them here.
 */
import '../../api/accountApi';
import '../../api/goGreenApi';
import '../../api/userApi';
import { rootReducer } from '../rootReducer';

export const portalReducer = rootReducer;

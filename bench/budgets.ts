/**
 * The byte budgets (issue 8), checked by `npm run test:budgets`. Changing a number here is a
 * product decision: say why in the commit.
 */
/**
 * The goal of issue 8: each page's first-load JS+CSS at most 1.25 times its floor (react-dom + the
 * same antd components). Not met today (1.34-1.51x): the design card's Redux stack alone is about
 * 32 KiB gzip on every page (0.14-0.21x of a floor). Until the slices and sagas are injected per widget,
 * the test command guards against regressions at PAGE_TO_FLOOR_MAX; the goal is reported beside it.
 */
export const PAGE_TO_FLOOR_GOAL = 1.25;
export const PAGE_TO_FLOOR_MAX = 1.6;
/** The stable loader, gzip. */
export const LOADER_GZIP_MAX_BYTES = 5 * 1024;

/**
 * The byte budgets (issue 8), checked by `npm run test:budgets`. Changing a number here is a
 * product decision: say why in the commit.
 */
/** Each page's first-load JS+CSS at most this many times its floor (react-dom + the same antd components). */
export const PAGE_TO_FLOOR_MAX = 1.25;
/** The stable loader, gzip. */
export const LOADER_GZIP_MAX_BYTES = 5 * 1024;

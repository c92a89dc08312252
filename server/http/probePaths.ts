/** The health probes' paths (server/routes/health.ts), which the auth hook leaves alone (server/auth/sessions.ts). */
export const HEALTHZ_PATH = '/loanmanager/healthz';
export const READYZ_PATH = '/loanmanager/readyz';
/** Paths the auth hook leaves alone: no CSRF cookie, no session lookup (healthz must not need the database). */
export const PROBE_PATHS: ReadonlySet<string> = new Set([HEALTHZ_PATH, READYZ_PATH]);

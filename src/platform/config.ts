/**
 * The embedding contract: every page that hosts a widget carries
 * <script type="application/json" id="loanmanager-config">{...}</script>.
 * It is read once, by the loader, validated here and passed down; components never query the DOM for it.
 */
import * as v from 'valibot';
import { localeOfConfig, type Locale } from './i18n/locales';
import { readRawConfig } from './rawConfig';

export { CONFIG_ELEMENT_ID } from './rawConfig';

export const DEFAULT_API_BASE = '/loanmanager/api/';
export const DEFAULT_STATIC_URL = '/loanmanager/static/';
export const DEFAULT_ERROR_SAMPLE_RATE = 0.01;

/**
 * valibot, the portal's one schema library (the API contract, src/api/schemas.ts, too): the config
 * is read before any first view, and valibot's functions are bundled one by one (≈1 KB here;
 * zod/mini's core weighed 5.4 KB gzip: bench/RESULTS.md, "Page weight").
 */
const configSchema = v.object({
  recaptcha: v.optional(
    v.object({
      method: v.optional(v.string()),
      site_key: v.nullish(v.string()),
    }),
  ),
  reset_nonce: v.nullish(v.string()),
  coacct: v.nullish(v.union([v.string(), v.number()])),
  auth_token: v.nullish(v.string()),
  api_base: v.nullish(v.string()),
  static_url: v.nullish(v.string()),
  error_reporting: v.nullish(
    v.object({
      dsn: v.nullish(v.string()),
      sample_rate: v.nullish(v.number()),
    }),
  ),
  devtools: v.nullish(v.boolean()),
  record_actions: v.nullish(v.boolean()),
  /** Which QA tools a non-production host allows (the replay page). */
  qa_tools: v.nullish(v.boolean()),
  /** The widgets' language: "en" (default) or "es"; anything else is English, reported once. */
  locale: v.nullish(v.unknown()),
  /** The servicer's server offers passkeys (issue 49, docs/embedding.md): off unless true. */
  passkeys: v.nullish(v.boolean()),
});

export type RecaptchaMethod = 'dummy' | 'recaptcha_v3';

export interface PortalConfig {
  recaptcha: { method: RecaptchaMethod; siteKey: string | null };
  resetNonce: string | null;
  coacct: string | null;
  authToken: string | null;
  apiBase: string;
  staticUrl: string;
  errorReporting: { dsn: string | null; sampleRate: number };
  devtools: boolean;
  recordActions: boolean;
  qaTools: boolean;
  locale: Locale;
  /** A `locale` the portal does not speak (shown in English), for one error report; at most 20 characters. */
  unknownLocale: string | null;
  /** The server offers passkeys (sign-in, step-up, the profile's list): the `passkeys` key, off by default. */
  passkeys: boolean;
}

export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** Validates the parsed JSON of the config block. Throws the spec's startup errors. */
export function parseConfig(raw: unknown): PortalConfig {
  const parsed = v.safeParse(configSchema, raw);
  if (!parsed.success) throw new Error('unable to get config');
  const data = parsed.output;
  const { locale, unknown: unknownLocale } = localeOfConfig(data);
  const method = data.recaptcha?.method ?? 'dummy';
  if (method !== 'dummy' && method !== 'recaptcha_v3') throw new Error('invalid recaptcha method');
  // reCAPTCHA v3 cannot run without its site key: refused at startup, not at the first submit.
  if (method === 'recaptcha_v3' && !data.recaptcha?.site_key) throw new Error('invalid recaptcha method');
  return {
    recaptcha: { method, siteKey: data.recaptcha?.site_key ?? null },
    resetNonce: data.reset_nonce ?? null,
    coacct: data.coacct === undefined || data.coacct === null ? null : String(data.coacct),
    authToken: data.auth_token ?? null,
    apiBase: withTrailingSlash(data.api_base ?? DEFAULT_API_BASE),
    staticUrl: withTrailingSlash(data.static_url ?? DEFAULT_STATIC_URL),
    errorReporting: {
      dsn: data.error_reporting?.dsn ?? null,
      sampleRate: data.error_reporting?.sample_rate ?? DEFAULT_ERROR_SAMPLE_RATE,
    },
    devtools: data.devtools === true,
    recordActions: data.record_actions === true,
    qaTools: data.qa_tools === true,
    locale,
    unknownLocale,
    passkeys: data.passkeys === true,
  };
}

/** Reads the config block from the host page. Missing or unparseable: Error('unable to get config'). */
export function readConfig(doc: Document = document): PortalConfig {
  return parseConfig(readRawConfig(doc));
}

/** A config for tests and tools; every key has its default. */
export function defaultConfig(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return { ...parseConfig({}), ...overrides };
}

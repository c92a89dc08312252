/**
 * Captcha checks for the anonymous account endpoints. `dummy` (the default, for development
 * and tests) accepts any non-empty token. `recaptcha_v3` asks Google's siteverify endpoint and
 * requires success, the expected action and a score of at least 0.5.
 */
import type { CaptchaAction } from '../../src/platform/captcha';
import type { RecaptchaMethod } from '../config';

export type { CaptchaAction };

export interface CaptchaVerifier {
  verify(token: string, action: CaptchaAction, clientAddress: string): Promise<boolean>;
}

const MINIMUM_SCORE = 0.5;
const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

interface SiteverifyAnswer {
  success?: boolean;
  action?: string;
  score?: number;
}

export function createCaptchaVerifier(
  options: { method: RecaptchaMethod; secret: string | null },
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier {
  if (options.method === 'dummy') {
    return { verify: async (token) => token.length > 0 };
  }
  const secret = options.secret;
  if (!secret) throw new Error('RECAPTCHA_METHOD=recaptcha_v3 needs RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY)');
  return {
    async verify(token, action, clientAddress) {
      try {
        const response = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: clientAddress }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as SiteverifyAnswer;
        return answer.success === true && answer.action === action && (answer.score ?? 0) >= MINIMUM_SCORE;
      } catch {
        return false;
      }
    },
  };
}

/**
 * getCaptchaToken(action): the dummy provider answers a fixed token without any network;
 * reCAPTCHA v3 loads Google's script once, waits for grecaptcha.ready and executes the action.
 */
import type { PortalConfig } from './config';

export type CaptchaAction = 'registration' | 'recover_username' | 'request_password_reset';

export interface CaptchaProvider {
  getCaptchaToken(action: CaptchaAction): Promise<string>;
}

export const DUMMY_CAPTCHA_TOKEN = 'dummy-captcha-token';

export const dummyCaptcha: CaptchaProvider = {
  getCaptchaToken: () => Promise.resolve(DUMMY_CAPTCHA_TOKEN),
};

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

export function createRecaptchaV3(siteKey: string, doc: Document = document): CaptchaProvider {
  let loaded: Promise<Grecaptcha> | null = null;
  const load = () => {
    loaded ??= new Promise<Grecaptcha>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) resolve(grecaptcha);
        else reject(new Error('reCAPTCHA did not load'));
      };
      script.onerror = () => {
        loaded = null;
        reject(new Error('reCAPTCHA did not load'));
      };
      doc.head.appendChild(script);
    });
    return loaded;
  };
  return {
    async getCaptchaToken(action) {
      const grecaptcha = await load();
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      return grecaptcha.execute(siteKey, { action });
    },
  };
}

export function createCaptchaProvider(config: Pick<PortalConfig, 'recaptcha'>): CaptchaProvider {
  if (config.recaptcha.method === 'recaptcha_v3') {
    if (!config.recaptcha.siteKey) throw new Error('invalid recaptcha method');
    return createRecaptchaV3(config.recaptcha.siteKey);
  }
  return dummyCaptcha;
}

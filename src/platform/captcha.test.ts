import { defaultConfig } from './config';
import { mockApi } from '../testing/mockApi';
import {
  createCaptchaProvider,
  createRecaptchaV3,
  DUMMY_CAPTCHA_TOKEN,
  dummyCaptcha,
  RECAPTCHA_SCRIPT_URL,
} from './captcha';

const recaptchaScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((script) =>
    script.src.startsWith(RECAPTCHA_SCRIPT_URL),
  );

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const script of recaptchaScripts()) script.remove();
  delete window.grecaptcha;
});

describe('dummy captcha', () => {
  it('answers the fixed token without any network or script', async () => {
    const network = mockApi({});
    const provider = createCaptchaProvider(defaultConfig());
    expect(provider).toBe(dummyCaptcha);
    await expect(provider.getCaptchaToken('registration')).resolves.toBe(DUMMY_CAPTCHA_TOKEN);
    await expect(provider.getCaptchaToken('request_password_reset')).resolves.toBe(DUMMY_CAPTCHA_TOKEN);
    expect(network.fetchMock).not.toHaveBeenCalled();
    expect(recaptchaScripts()).toHaveLength(0);
  });
});

describe('reCAPTCHA v3', () => {
  /** A fake grecaptcha whose ready() waits until the test says the library is ready. */
  function fakeGrecaptcha() {
    const readyCallbacks: Array<() => void> = [];
    const grecaptcha = {
      ready: jest.fn((callback: () => void) => void readyCallbacks.push(callback)),
      execute: jest.fn((_siteKey: string, options: { action: string }) => Promise.resolve(`token-for-${options.action}`)),
    };
    const becomeReady = () => readyCallbacks.splice(0).forEach((callback) => callback());
    return { grecaptcha, becomeReady };
  }

  const config = defaultConfig({ recaptcha: { method: 'recaptcha_v3', siteKey: 'site-key-1' } });

  it('loads the script once, waits for ready, then executes the action with the site key', async () => {
    const provider = createCaptchaProvider(config);
    const first = provider.getCaptchaToken('registration');
    const second = provider.getCaptchaToken('recover_username');

    const scripts = recaptchaScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(`${RECAPTCHA_SCRIPT_URL}?render=site-key-1`);
    expect(scripts[0]?.async).toBe(true);

    const { grecaptcha, becomeReady } = fakeGrecaptcha();
    window.grecaptcha = grecaptcha;
    scripts[0]?.onload?.(new Event('load'));
    await flush();
    expect(grecaptcha.ready).toHaveBeenCalled();
    expect(grecaptcha.execute).not.toHaveBeenCalled();

    becomeReady();
    await expect(first).resolves.toBe('token-for-registration');
    await expect(second).resolves.toBe('token-for-recover_username');
    expect(grecaptcha.execute).toHaveBeenCalledWith('site-key-1', { action: 'registration' });
    expect(grecaptcha.execute).toHaveBeenCalledWith('site-key-1', { action: 'recover_username' });

    // A later call reuses the loaded library.
    const third = provider.getCaptchaToken('request_password_reset');
    await flush();
    becomeReady();
    await expect(third).resolves.toBe('token-for-request_password_reset');
    expect(recaptchaScripts()).toHaveLength(1);
  });

  it('a script that fails to load rejects, and the next call tries again', async () => {
    const provider = createRecaptchaV3('site-key-2');
    const failed = provider.getCaptchaToken('registration');
    recaptchaScripts()[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow('reCAPTCHA did not load');

    const retry = provider.getCaptchaToken('registration');
    expect(recaptchaScripts()).toHaveLength(2);
    const { grecaptcha, becomeReady } = fakeGrecaptcha();
    window.grecaptcha = grecaptcha;
    recaptchaScripts()[1]?.onload?.(new Event('load'));
    await flush();
    becomeReady();
    await expect(retry).resolves.toBe('token-for-registration');
  });

  it('a script that loads without grecaptcha rejects', async () => {
    const provider = createRecaptchaV3('site-key-3');
    const pending = provider.getCaptchaToken('registration');
    recaptchaScripts()[0]?.onload?.(new Event('load'));
    await expect(pending).rejects.toThrow('reCAPTCHA did not load');
  });

  it('without a site key the method is invalid', () => {
    expect(() => createCaptchaProvider(defaultConfig({ recaptcha: { method: 'recaptcha_v3', siteKey: null } }))).toThrow(
      'invalid recaptcha method',
    );
  });
});

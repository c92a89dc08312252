/**
 * @simplewebauthn/browser is loaded when a ceremony begins, not with the sagas that import this
 * module (issue 50): pages whose flows never ask for a passkey do not download it.
 */
const loaded = jest.fn();
jest.mock('@simplewebauthn/browser', () => {
  loaded();
  return {
    browserSupportsWebAuthnAutofill: () => Promise.resolve(true),
    startAuthentication: () => Promise.resolve({ id: 'assertion' }),
    startRegistration: () => Promise.resolve({ id: 'new' }),
  };
});

describe('the WebAuthn library (src/sagas/webauthn.ts)', () => {
  it('is not loaded with the module, only when a ceremony asks for it', async () => {
    const webauthn = await import('./webauthn');
    expect(webauthn.passkeyPromptDismissed(Object.assign(new Error('closed'), { name: 'NotAllowedError' }))).toBe(true);
    expect(loaded).not.toHaveBeenCalled();
    await expect(webauthn.autofillSupported()).resolves.toBe(true);
    expect(loaded).toHaveBeenCalledTimes(1);
    await expect(webauthn.passkeyAssertion({ challenge: 'x' })).resolves.toEqual({ id: 'assertion' });
    await expect(webauthn.newPasskey({ challenge: 'y' })).resolves.toEqual({ id: 'new' });
  });
});

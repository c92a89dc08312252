/**
 * A browser with WebAuthn for component tests (jsdom has none): `navigator.credentials` answers every
 * prompt with a made-up credential (the server's checks are the server's tests'), or refuses it with
 * `refuse` (a DOMException name, e.g. 'NotAllowedError': the borrower closed the prompt).
 * `removeWebAuthn()` takes it away again.
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export function fakeWebAuthn(refuse?: string) {
  const answer = (response: Record<string, ArrayBuffer>) => async () => {
    if (refuse) throw new DOMException('The operation either timed out or was not allowed.', refuse);
    return {
      id: 'Y3JlZA',
      rawId: bytes('cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: bytes('{}'), ...response, getTransports: () => ['internal'] },
      getClientExtensionResults: () => ({}),
    };
  };
  const get = jest.fn(answer({ authenticatorData: bytes('ad'), signature: bytes('sig'), userHandle: bytes('user') }));
  const create = jest.fn(answer({ attestationObject: bytes('att') }));
  Object.defineProperty(window, 'PublicKeyCredential', { configurable: true, value: class PublicKeyCredential {} });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get, create } });
  return { get, create };
}

export function removeWebAuthn() {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  delete (navigator as { credentials?: unknown }).credentials;
}

/**
 * The browser's side of a passkey ceremony (issue 49), through @simplewebauthn/browser: the two
 * prompts (whether the page may offer passkeys at all is src/lib/passkeysUsable.ts). The options come from the server as JSON and
 * the answer goes back as JSON (src/api/passkeyApi.ts); nothing of either is kept.
 *
 * The library is imported when a ceremony begins, not with the sagas that may start one: it is a
 * chunk of its own (`webauthn`, 2.6 KB gzip), so a page whose flows never ask for a passkey
 * (verify_email, go-green, main/...) never downloads it (issue 50; bench/RESULTS.md, "Page weight").
 */
import type { PasskeyCredential } from '../api/schemas';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

const library = () => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');

/** Whether the browser offers passkeys in the username field's autofill (conditional mediation). */
export const autofillSupported = async (): Promise<boolean> => (await library()).browserSupportsWebAuthnAutofill();

/** The browser's answer to a sign-in or step-up; `autofill`: wait in the username field's suggestions. */
export async function passkeyAssertion(options: Record<string, unknown>, autofill = false): Promise<PasskeyCredential> {
  const { startAuthentication } = await library();
  return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill })) as unknown as PasskeyCredential;
}

/** The browser makes a new passkey for the options. */
export async function newPasskey(options: Record<string, unknown>): Promise<PasskeyCredential> {
  const { startRegistration } = await library();
  return (await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) as unknown as PasskeyCredential;
}

/** The borrower closed the browser's prompt, or it timed out: nothing to report, nothing changed. */
export function passkeyPromptDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');
}

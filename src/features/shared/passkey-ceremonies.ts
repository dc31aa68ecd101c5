import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import type { PasskeyEntry } from '../../../domain/schemas/passkeys';
import { type CallResult, callApi } from '../../api/call-api';
import { ClientErrorCode } from '../../i18n/error-messages';

// Passkeys (issue 44): the browser's WebAuthn ceremonies through @simplewebauthn/browser, between the server's
// options and its check, for the profile (registration) and the sign-in's second step (authentication). Online
// only: each ceremony needs a fresh challenge from the server. No call table here: the sign-in page loads this.

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

function failed(code: string): { ok: false; failure: { code: string } } {
  return { ok: false, failure: { code } };
}

/** Why the browser gave no credential, as a client error code the UI words. */
function ceremonyFailure(error: unknown) {
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: the prompt was dismissed or timed out (the spec gives both one name, on purpose).
  if (name === 'NotAllowedError' || name === 'AbortError') return failed(ClientErrorCode.passkeyCancelled);
  return failed(ClientErrorCode.passkeyBrowserRefused);
}

/** Makes a new passkey of the signed-in account on this device and has the server keep it under `name`. */
export async function registerPasskey(name: string): Promise<CallResult<PasskeyEntry>> {
  if (!passkeysSupported()) return failed(ClientErrorCode.passkeyUnsupported);
  const options = await callApi('POST /api/passkeys/registration-options');
  if (!options.ok) return options;
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    // The server's options are @simplewebauthn/server's, passed through whole (domain/schemas/passkeys.ts).
    credential = await startRegistration({
      optionsJSON: options.value as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    return ceremonyFailure(error);
  }
  return callApi('POST /api/passkeys', {
    body: { name, credential: { ...credential, clientExtensionResults: {} } },
  });
}

/** The second step of a sign-in with one of the account's passkeys. */
export async function signInWithPasskey(trustDevice: boolean): Promise<CallResult<LoginResponse>> {
  if (!passkeysSupported()) return failed(ClientErrorCode.passkeyUnsupported);
  const options = await callApi('POST /api/passkeys/authentication-options');
  if (!options.ok) return options;
  let credential: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    credential = await startAuthentication({
      optionsJSON: options.value as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    return ceremonyFailure(error);
  }
  return callApi('POST /api/passkeys/authenticate', {
    body: { credential: { ...credential, clientExtensionResults: {} }, trust_device: trustDevice },
  });
}

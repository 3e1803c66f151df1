/**
 * The randomness and hashing the emulator needs, from what every host has: Web Crypto's
 * `getRandomValues` (Node 20 and browser workers) and a pure SHA-256 (@noble/hashes), because the
 * counters and ids that hash a URL are computed synchronously, which Web Crypto's digest is not.
 */
import { sha256 } from '@noble/hashes/sha2';

export function randomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Of(text: string): Uint8Array {
  return sha256(new TextEncoder().encode(text));
}

/** Base64url without padding, as Node's `digest('base64url')` writes it. */
export function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

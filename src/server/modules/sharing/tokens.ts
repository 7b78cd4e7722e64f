import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 128 random bits, as base64url: the seed a link's token is derived from. */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A link's token: the first 128 bits of HMAC-SHA256(secret, nonce), 22 base64url characters.
 * As unpredictable as the nonce to anyone without the secret, and the same every time the
 * owner asks, though only the nonce and the token's hash are stored (ADR 170).
 */
export function tokenOf(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest().subarray(0, 16).toString('base64url');
}

export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** Anything else in /s/:token is no token this server made: answered 404 without a lookup. */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

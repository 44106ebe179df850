import { hkdfSync } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';

/**
 * What the site's session cookie holds. Sealed (encrypted and authenticated) so the browser
 * can neither read nor change it, and self-contained so any site process with the same secret
 * accepts it.
 */
export interface SessionPayload {
  /** The secret behind this browser's CSRF tokens. */
  csrf: string;
  /** A random id per sign-in: the key of the per-process profile cache. */
  sid?: string;
  /** The platform tokens of a signed-in visitor. */
  credentials?: SessionCredentials;
  /** The outcome of the last account action, shown once by the page after the redirect. */
  flash?: unknown;
}

/** The platform tokens kept in the session (never in state, pages or script-readable cookies). */
export interface SessionCredentials {
  bearerToken: string | null;
  bearerTokenExpiryDate: string | null;
  refreshToken: string;
  refreshTokenExpiryDate: string;
  contensisClassicToken: string | null;
}

/** Seals and opens session cookies. */
export interface SessionSealer {
  /** The sealed value, valid until `expiresAt`. */
  seal(payload: SessionPayload, expiresAt: Date): Promise<string>;
  /** The payload, or `null` for anything forged, damaged, expired or sealed with an unknown secret. */
  unseal(value: string): Promise<SessionPayload | null>;
}

/** The shortest secret accepted: 32 characters. */
export const MIN_SECRET_LENGTH = 32;

const ENCRYPTION = { alg: 'dir', enc: 'A256GCM' } as const;

/**
 * A sealer over one or more secrets: it seals with the first and opens with any, so a secret
 * can be rotated by putting the new one first and removing the old one after the longest
 * session lifetime (15 days). Sealing is JWE compact serialisation with direct AES-256-GCM
 * (jose), with a key derived from the secret by HKDF-SHA-256, and an expiry the decryption
 * checks.
 *
 * @example
 * const sealer = createSessionSealer([process.env.CANOPY_SESSION_SECRET!]);
 * const cookie = await sealer.seal({ csrf }, new Date(Date.now() + 86_400_000));
 * const payload = await sealer.unseal(cookie);
 */
export function createSessionSealer(secrets: readonly string[]): SessionSealer {
  if (secrets.length === 0) throw new Error('A session secret is needed');
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
      throw new Error(`Session secrets must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
  }
  const keys = secrets.map(deriveKey);
  const [current] = keys as [Uint8Array];
  return {
    async seal(payload, expiresAt) {
      return new EncryptJWT({ s: payload })
        .setProtectedHeader(ENCRYPTION)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .encrypt(current);
    },
    async unseal(value) {
      if (typeof value !== 'string' || value.length === 0 || value.length > 8192) return null;
      for (const key of keys) {
        try {
          const { payload } = await jwtDecrypt(value, key, { keyManagementAlgorithms: ['dir'] });
          return isSessionPayload(payload.s) ? payload.s : null;
        } catch (error) {
          // Expired stays expired whichever key opens it; anything else may be the next key's.
          if (error instanceof errors.JWTExpired) return null;
        }
      }
      return null;
    },
  };
}

function deriveKey(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'canopy-session', 'session cookie v1', 32));
}

function isSessionPayload(value: unknown): value is SessionPayload {
  if (!value || typeof value !== 'object') return false;
  const payload = value as Record<string, unknown>;
  if (typeof payload.csrf !== 'string') return false;
  if (payload.sid !== undefined && typeof payload.sid !== 'string') return false;
  const credentials = payload.credentials as Record<string, unknown> | undefined;
  if (credentials !== undefined) {
    if (!credentials || typeof credentials !== 'object') return false;
    if (
      typeof credentials.refreshToken !== 'string' ||
      typeof credentials.refreshTokenExpiryDate !== 'string'
    )
      return false;
  }
  return true;
}

import { hash, hashSync, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1): OWASP's first recommended
// configuration. The parameters travel inside each PHC string, so raising them later leaves
// existing hashes verifiable.

/** Hashes a password for storage (argon2id PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Synchronous {@link hashPassword} for seeding, where nothing else waits on the event loop. */
export function hashPasswordSync(password: string): string {
  return hashSync(password);
}

// Verified against when the account does not exist, so a failed sign-in costs the same time
// whether or not the user exists.
let decoy: string | undefined;

/**
 * Whether `password` matches the stored hash. Pass `undefined` for an unknown user or one
 * without a password: the call still spends an argon2 verification and answers false.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= await hash('canopy-decoy-password');
    await verify(decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash must not let anyone in, nor crash the request.
    return false;
  }
}

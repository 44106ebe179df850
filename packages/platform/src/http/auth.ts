import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { findDeliveryToken } from '../db/tokens.js';
import type { DeliveryPrincipal } from '../delivery/context.js';

/** A credential as presented by a caller, before anyone has checked it. */
export interface PresentedCredential {
  /** `token`: a raw delivery token; `bearer`: the value of `Authorization: Bearer …`. */
  scheme: 'token' | 'bearer';
  value: string;
  /** Where it came from (for messages; the value is never logged). */
  source: 'accessToken header' | 'accessToken parameter' | 'Authorization header';
}

/** A caller whose credential checked out. */
export interface AuthenticatedCaller {
  principal: DeliveryPrincipal;
  /**
   * The principal for one project, when rights differ between projects (OAuth callers whose
   * roles are per project); the guard prefers it to {@link principal} once the project is known.
   */
  principalFor?: (projectId: string) => DeliveryPrincipal;
  /** Projects the credential grants access to; `'*'` for all. */
  projects: readonly string[] | '*';
}

/**
 * Checks one presented credential. Returns the caller when this authenticator recognises the
 * credential, or undefined to let the next authenticator try. The delivery-token
 * authenticator is built in; an OAuth bearer-token authenticator plugs in beside it.
 */
export type DeliveryAuthenticator = (
  credential: PresentedCredential,
) => AuthenticatedCaller | undefined | Promise<AuthenticatedCaller | undefined>;

/**
 * The credentials a delivery request carries (contract §1.1): header `accessToken`, query
 * `accessToken`, or `Authorization` — either the raw token or `Bearer <token>`.
 */
export function presentedCredentials(request: FastifyRequest): PresentedCredential[] {
  const found: PresentedCredential[] = [];
  const header = request.headers.accesstoken;
  const headerValue = Array.isArray(header) ? header[0] : header;
  if (headerValue?.trim())
    found.push({ scheme: 'token', value: headerValue.trim(), source: 'accessToken header' });
  const query = (request.query as Record<string, string | undefined>).accesstoken;
  if (query?.trim()) found.push({ scheme: 'token', value: query.trim(), source: 'accessToken parameter' });
  const authorization = request.headers.authorization?.trim();
  if (authorization) {
    const bearer = /^bearer\s+(.+)$/i.exec(authorization);
    found.push(
      bearer
        ? { scheme: 'bearer', value: bearer[1]!.trim(), source: 'Authorization header' }
        : { scheme: 'token', value: authorization, source: 'Authorization header' },
    );
  }
  return found;
}

/**
 * Recognises delivery access tokens stored in the database (by their SHA-256), whether sent
 * raw or as a bearer token. A token grants its own project, and `latest` only with preview
 * rights.
 */
export function deliveryTokenAuthenticator(db: Db): DeliveryAuthenticator {
  return (credential) => {
    const token = findDeliveryToken(db, credential.value);
    if (!token) return undefined;
    return {
      principal: { kind: 'deliveryToken', name: token.name, canPreview: token.canPreview },
      projects: [token.projectId],
    };
  };
}

/**
 * The first caller any authenticator accepts for any presented credential, or undefined
 * when none is presented or none checks out.
 */
export async function authenticate(
  credentials: readonly PresentedCredential[],
  authenticators: readonly DeliveryAuthenticator[],
): Promise<AuthenticatedCaller | undefined> {
  for (const credential of credentials) {
    for (const authenticator of authenticators) {
      const caller = await authenticator(credential);
      if (caller) return caller;
    }
  }
  return undefined;
}

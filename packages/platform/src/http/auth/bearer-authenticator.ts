import { type Caller, callerFromAuthorization } from '../../auth/caller.js';
import { isAuthorized } from '../../auth/permissions.js';
import type { DeliveryPrincipal } from '../../delivery/context.js';
import { HttpError } from '../../delivery/errors.js';
import type { ApiDeps } from '../api-deps.js';
import type { DeliveryAuthenticator } from '../auth.js';

/**
 * Lets OAuth access tokens (`Authorization: Bearer …`) authenticate delivery requests
 * (contract §1.1, §3.5): a live token of an active user or of an API client reads published
 * content of any project, and may preview (`versionStatus=latest`) in a project when it
 * carries the `Entry_Read` scope and the caller's roles let them view entries there.
 *
 * @example
 * registerDeliveryRoutes(server, { db, authenticators: [deliveryTokenAuthenticator(db), bearerDeliveryAuthenticator(deps)] });
 */
export function bearerDeliveryAuthenticator(deps: Pick<ApiDeps, 'db' | 'now'>): DeliveryAuthenticator {
  return (credential) => {
    if (credential.scheme !== 'bearer') return undefined;
    const caller = bearerCaller(deps, credential.value);
    if (!caller) return undefined;
    const principalFor = (projectId: string): DeliveryPrincipal => ({
      kind: 'bearer',
      name: caller.name,
      canPreview:
        caller.scopes.has('Entry_Read') &&
        isAuthorized(deps.db, caller, projectId, { resourceType: 'entries' }, 'view'),
    });
    return {
      // Used only where the project is not known; the guard asks principalFor once it is.
      principal: { kind: 'bearer', name: caller.name, canPreview: false },
      principalFor,
      projects: '*',
    };
  };
}

function bearerCaller(deps: Pick<ApiDeps, 'db' | 'now'>, token: string): Caller | undefined {
  try {
    return callerFromAuthorization(deps.db, `Bearer ${token}`, deps.now());
  } catch (error) {
    // Not a live OAuth token: let the next authenticator (or the 401) have it.
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

import { RequestError } from '../http/request-error.js';
import { authorizedFetch, type ManagementContext } from '../management/context.js';

/**
 * A HEAD membership check: `true` for a 2xx answer, `false` for any other status or when the
 * request got no response (contract §6.4 #7). It bypasses the configured response handlers,
 * which could otherwise turn a 404 into a resolved value and so into `true`. Configuration and
 * sign-in errors still reject: they say nothing about membership.
 */
export async function headExists(context: ManagementContext, path: string): Promise<boolean> {
  try {
    const response = await authorizedFetch(context, path, { method: 'HEAD' });
    return response.ok;
  } catch (error) {
    if (error instanceof RequestError) return false;
    throw error;
  }
}

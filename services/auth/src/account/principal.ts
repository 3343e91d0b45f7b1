import { DomainError } from '@tm/shared';
import type { Principal } from '../sessions/session-service.ts';
import type { AuthWiring } from '../wiring.ts';
import { bearerToken } from './routes.ts';

/**
 * The `resolve` every /account plugin uses: auth verifies the access token itself (signature,
 * typ, and that the session and its credentials are still live), even though the gateway checks
 * it too, so a revoked session is refused here at once. 401 UNAUTHORIZED otherwise.
 */
export function resolvePrincipal(s: AuthWiring) {
  return async ({ request }: { request: Request }): Promise<{ principal: Principal }> => {
    const token = bearerToken(request.headers.get('authorization'));
    const principal = token ? await s.sessions.authenticate(token) : null;
    if (!principal) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
    return { principal };
  };
}

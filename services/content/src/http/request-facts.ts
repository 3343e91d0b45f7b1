import { MAX_USER_AGENT_LENGTH } from '@tm/contracts';
import { clientIpOf, type ServerLike, UNKNOWN_CLIENT_IP } from '@tm/shared/http';

/**
 * The client IP recorded with an acceptance: the one X-Forwarded-For entry the gateway writes (it
 * drops the client's own; content sits behind it, one trusted hop), else the socket's address when
 * called directly; absent when neither tells it.
 */
export function acceptanceIpOf(request: Request, server: ServerLike): string | undefined {
  const ip = clientIpOf(request, server, 1);
  return ip === UNKNOWN_CLIENT_IP ? undefined : ip.slice(0, 100);
}

/** The User-Agent header, cut to the stored length. */
export function userAgentOf(request: Request): string | undefined {
  return request.headers.get('user-agent')?.slice(0, MAX_USER_AGENT_LENGTH) || undefined;
}

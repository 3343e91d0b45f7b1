import { MAX_USER_AGENT_LENGTH } from '@tm/contracts';

/**
 * The client IP of a request: the one X-Forwarded-For entry the gateway writes (it drops the
 * client's own), else the socket's address when called directly.
 */
export function clientIpOf(request: Request, socketIp?: string): string | undefined {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return (last || socketIp || undefined)?.slice(0, 100);
}

/** The User-Agent header, cut to the stored length. */
export function userAgentOf(request: Request): string | undefined {
  return request.headers.get('user-agent')?.slice(0, MAX_USER_AGENT_LENGTH) || undefined;
}

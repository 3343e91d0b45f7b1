/**
 * The browser origins allowed to call /mcp: the public site and the configured CORS origins.
 * The MCP transport spec requires rejecting an invalid Origin (DNS rebinding); the request's own
 * Host is deliberately not trusted, since a rebinding attacker controls it.
 */
export function allowedMcpOrigins(publicSiteUrl: string, corsOrigins: readonly string[] = []): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const candidate of [publicSiteUrl, ...corsOrigins]) {
    if (candidate === '*') {
      origins.add('*');
      continue;
    }
    try {
      origins.add(new URL(candidate).origin);
    } catch {
      // Config has validated every entry; a malformed one in a test fixture allows nothing.
    }
  }
  return origins;
}

/** True when a request may proceed: no Origin (a non-browser client), one of the allowed origins, or CORS_ORIGINS `*` (the operator's choice). */
export function isMcpOriginAllowed(origin: string | null, allowed: ReadonlySet<string>): boolean {
  return origin === null || allowed.has(origin) || allowed.has('*');
}

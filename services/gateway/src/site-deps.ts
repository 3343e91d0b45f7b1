import type { Clock, Logger } from '@tm/shared';
import type { Principal } from './policy/tokens.ts';

/** Base URLs of the services behind the gateway. */
export interface Upstreams {
  auth: string;
  catalog: string;
  talent: string;
}

/** What the gateway's own documents (/openapi.json, /docs, /mcp, site files) need. */
export interface SiteDeps {
  upstreams: Upstreams;
  fetch: typeof fetch;
  /** Absolute origin used in sitemap and llms links, e.g. https://example.com (no trailing slash). */
  publicSiteUrl: string;
  /** How long a call to a service may take before it counts as failed. */
  upstreamTimeoutMs: number;
  logger: Logger;
  clock: Clock;
  /**
   * The caller a valid bearer access token speaks for, recognised by the gateway's policy step
   * exactly as on /api (same verifier, same cache); undefined without a valid token. createApp
   * always fills it in; optional only so fixtures built before it existed still type-check.
   */
  principalOf?: (request: Request) => Principal | undefined;
  /** The gateway's MAX_BODY_BYTES, the cap on bodies the gateway reads itself (/mcp); GatewayDeps always has it. */
  maxBodyBytes?: number;
}

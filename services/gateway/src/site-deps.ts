import type { Clock, Logger } from '@tm/shared';
import type { Telemetry } from '@tm/shared/telemetry';

/** The services behind the gateway, in the order their OpenAPI parts are merged. */
export const UPSTREAM_NAMES = ['auth', 'catalog', 'talent', 'bookings', 'messaging', 'content', 'reviews', 'search', 'growth', 'assistant'] as const;

/** Base URLs of the services behind the gateway (`<NAME>_URL`). */
export type Upstreams = Record<(typeof UPSTREAM_NAMES)[number], string>;

/** What the gateway's own documents (/openapi.json, /docs, /mcp, site files) need. */
export interface SiteDeps {
  upstreams: Upstreams;
  fetch: typeof fetch;
  /** Absolute origin used in sitemap and llms links, e.g. https://example.com (no trailing slash). */
  publicSiteUrl: string;
  /** How long a call to a service may take before it counts as failed. */
  upstreamTimeoutMs: number;
  logger: Logger;
  /** Where the gateway's requests and calls are counted (main.ts's); createApp makes one when left out. */
  telemetry?: Telemetry;
  /** This process's service credential (SERVICE_CREDENTIAL), sent on every call to another service's /internal routes. */
  serviceCredential?: string | undefined;
  clock: Clock;
  /** When set (main.ts), site files are first built at start and rebuilt off the request path at this interval. */
  siteBuildIntervalMs?: number;
  /** Where site-file builds are written (a temporary directory by default). */
  siteDir?: string;
}

import { gatewayComponents } from './components.ts';
import { CONTRACT_COMPONENTS, referenceContractSchemas } from './contract-components.ts';
import { decorateOperation } from './decorate-operation.ts';
import { isObject, normalizePart, type OpenApiDoc, operationsOf } from './normalize-document.ts';
import { isPublicPath, SERVICE_NAMES, type ServiceName } from './public-api.ts';

type Json = Record<string, unknown>;

/** What the merge needs besides the parts. */
export interface MergeOptions {
  /** Absolute site origin without a trailing slash; the server URL is this plus /api. */
  publicSiteUrl: string;
  /** Called for each thing dropped while merging (duplicate path or operationId). */
  onConflict?: (message: string) => void;
  /** Called for each schema that carries a contract schema's title but not its content (it stays inline). */
  onContractMismatch?: (message: string) => void;
}

const INTRO =
  'The public API of the on-demand tech-talent marketplace: catalog and pricing, talent profiles and sessions. ' +
  'Every JSON body is the envelope (`success` with `data`, or `error` with `code` and `message`). ' +
  'Every response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a 429 adds `Retry-After`. ' +
  'Operations under /account, /bookings, /payments and /chat, and the signed-in and admin operations of the other areas, need ' +
  '`Authorization: Bearer <accessToken>` (each such operation says so). Feature flags are evaluated over OFREP at `/ofrep/v1` ' +
  'on the site root, outside /api and the envelope.';

/**
 * Builds the one public OpenAPI 3.0.3 document from the services' parts. A missing part (the
 * service could not be asked) leaves its operations out and is named in `info.description` and
 * in `x-missing-services`, so a reader knows the document is incomplete and why.
 */
export function mergeOpenApiParts(parts: Partial<Record<ServiceName, OpenApiDoc>>, options: MergeOptions): OpenApiDoc {
  const components = gatewayComponents();
  const schemas: Json = { ...components.schemas, ...CONTRACT_COMPONENTS };
  const paths: Record<string, Record<string, Json>> = {};
  const tags: Json[] = [];
  const operationIds = new Set<string>();
  const sections: string[] = [];
  const missing: ServiceName[] = [];

  for (const service of SERVICE_NAMES) {
    const raw = parts[service];
    if (raw === undefined) {
      missing.push(service);
      continue;
    }
    const normalized = normalizePart(raw);
    const mismatch = (title: string) => options.onContractMismatch?.(`${service}: a schema titled ${title} differs from the contract's; described inline`);
    const part = renameCollidingSchemas(
      { ...normalized, paths: referenceContractSchemas(normalized.paths, mismatch) as OpenApiDoc['paths'] },
      service,
      schemas,
    );
    Object.assign(schemas, (part.components as Json).schemas);
    const info = isObject(part.info) ? part.info : {};
    if (typeof info.description === 'string' && info.description.trim() !== '') {
      sections.push(`## ${typeof info.title === 'string' ? info.title : service}\n\n${info.description.trim()}`);
    }
    for (const tag of Array.isArray(part.tags) ? part.tags.filter(isObject) : []) {
      if (!tags.some((t) => t.name === tag.name)) tags.push(tag);
    }
    for (const [path, item] of Object.entries(part.paths ?? {})) {
      if (!isPublicPath(service, path)) continue;
      for (const [method, op] of operationsOf(item)) {
        const id = typeof op.operationId === 'string' ? op.operationId : undefined;
        if (paths[path]?.[method] !== undefined || (id !== undefined && operationIds.has(id))) {
          options.onConflict?.(`${service}: ${method.toUpperCase()} ${path} (${id ?? 'no operationId'}) is already described; kept the first`);
          continue;
        }
        if (id !== undefined) operationIds.add(id);
        paths[path] = { ...paths[path], [method]: decorateOperation(path, method, op) };
      }
    }
  }
  for (const tag of usedTags(paths)) if (!tags.some((t) => t.name === tag)) tags.push({ name: tag });

  const description = [INTRO, ...(missing.length > 0 ? [missingNote(missing)] : []), ...sections].join('\n\n');
  return {
    openapi: '3.0.3',
    info: { title: 'Talent Marketplace API', version: '1.0.0', description, ...(missing.length > 0 ? { 'x-missing-services': missing } : {}) },
    servers: [{ url: `${options.publicSiteUrl.replace(/\/+$/, '')}/api`, description: 'The public API through the gateway (PUBLIC_SITE_URL)' }],
    // Public operations take a token too (it picks the caller's rate-limit bucket); protected ones
    // override this with bearer alone. Stated once here so every operation says who may call it.
    security: [{}, { bearerAuth: [] }],
    tags,
    paths,
    components: { ...components, schemas },
  };
}

function missingNote(missing: readonly ServiceName[]): string {
  return (
    `**Incomplete document:** the ${missing.join(', ')} service${missing.length > 1 ? 's' : ''} could not be asked for ` +
    `${missing.length > 1 ? 'their' : 'its'} part yet, so ${missing.length > 1 ? 'their' : 'its'} operations are missing here. ` +
    'They still work if the service is up; fetch this document again later.'
  );
}

function usedTags(paths: Record<string, Record<string, Json>>): string[] {
  return Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => (Array.isArray(op.tags) ? op.tags.map(String) : [])));
}

/**
 * Two services may name different schemas alike ("Profile"); the later one is renamed with its
 * service as prefix and its references follow, so neither overwrites the other.
 */
function renameCollidingSchemas(part: OpenApiDoc, service: ServiceName, existing: Json): OpenApiDoc {
  const own = ((part.components as Json).schemas ?? {}) as Json;
  const renames = new Map<string, string>();
  for (const [name, schema] of Object.entries(own)) {
    if (name in existing && JSON.stringify(existing[name]) !== JSON.stringify(schema)) {
      renames.set(name, `${service[0]?.toUpperCase()}${service.slice(1)}${name}`);
    }
  }
  if (renames.size === 0) return part;
  const rewritten = JSON.parse(JSON.stringify(part), (key, value) => {
    if (key === '$ref' && typeof value === 'string') {
      const name = value.replace('#/components/schemas/', '');
      const to = renames.get(name);
      return to !== undefined && value.startsWith('#/components/schemas/') ? `#/components/schemas/${to}` : value;
    }
    return value;
  }) as OpenApiDoc;
  const schemas = Object.fromEntries(Object.entries(own).map(([name]) => [renames.get(name) ?? name, ((rewritten.components as Json).schemas as Json)[name]]));
  return { ...rewritten, components: { schemas } };
}

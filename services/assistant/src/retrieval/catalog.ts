import { checkedAnswer, localized, type ToolContext } from '@tm/agent-tools';
import { type Service, ServiceSchema } from '@tm/contracts';
import { t } from 'elysia';
import { overlap } from './words.ts';

const ServiceList = t.Array(ServiceSchema);

/** The services matching the person's words, best first: each word searched in the catalog, hits ranked by how many words they match. */
export async function searchCatalog(words: readonly string[], ctx: ToolContext, limit = 3): Promise<{ services: Service[]; available: boolean }> {
  if (words.length === 0) return { services: [], available: true };
  const answers = await Promise.all(
    words.map(async (w) =>
      checkedAnswer(await ctx.upstream.call<unknown>('catalog', '/services', localized(ctx), { query: { search: w, limit: 10 } }), ServiceList, 'catalog'),
    ),
  );
  if (answers.every((a) => !a.ok)) return { services: [], available: false };
  const bySlug = new Map<string, { service: Service; score: number; order: number }>();
  let order = 0;
  for (const answer of answers) {
    if (!answer.ok) continue;
    for (const service of answer.data) {
      if (!bySlug.has(service.slug)) {
        const text = `${service.name} ${service.slug.replaceAll('-', ' ')} ${service.category} ${service.summary}`;
        // The name counts double: "React developer" should beat a service that only mentions React.
        const score = overlap(words, text) + overlap(words, service.name);
        bySlug.set(service.slug, { service, score, order: order++ });
      }
    }
  }
  const ranked = [...bySlug.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  return { services: ranked.slice(0, limit).map((r) => r.service), available: true };
}

import type { ToolContext } from '@tm/agent-tools';
import type { ChatbotSource, Service } from '@tm/contracts';
import { searchCatalog } from './catalog.ts';
import type { ContentReader, PageView } from './content.ts';
import { meaningfulWords, overlap } from './words.ts';

/** An FAQ entry found for the text, with the document it came from. */
export interface FoundFaq {
  question: string;
  answer: string;
  source: ChatbotSource;
}

/** What retrieval found for one message: FAQ entries, pages and services, best first, and the sources to cite. */
export interface Retrieved {
  words: string[];
  faq: FoundFaq[];
  pages: { page: PageView; source: ChatbotSource }[];
  services: Service[];
  sources: ChatbotSource[];
  catalogAvailable: boolean;
  contentAvailable: boolean;
}

const MAX_FAQ = 3;
const MAX_PAGES = 2;
const MAX_SERVICES = 3;

export function serviceSource(service: Service, origin: string): ChatbotSource {
  return { type: 'service', id: service._id, title: service.name, url: `${origin}/services/${encodeURIComponent(service.slug)}` };
}

function pageSource(page: PageView, origin: string): ChatbotSource {
  const area = page.type === 'faq' ? 'faq' : 'pages';
  return { type: page.type === 'faq' ? 'faq' : 'page', id: page.id, title: page.title, url: `${origin}/${area}/${encodeURIComponent(page.slug)}` };
}

/**
 * Retrieval over the published FAQ and pages (content) and the catalog, for the model's context
 * and the fallback alike: FAQ entries (content's and the matched services' own) and pages ranked
 * by how many of the person's words they hold (a question's words count double), services by the
 * catalog's search. A service that is away leaves its part empty; retrieval itself never fails.
 */
export async function retrieve(text: string, ctx: ToolContext, content: ContentReader): Promise<Retrieved> {
  const words = meaningfulWords(text);
  const [catalog, published] = await Promise.all([searchCatalog(words, ctx, MAX_SERVICES), content.pages(ctx.call.lang ?? 'en', ctx.call.requestId)]);
  const faqs: (FoundFaq & { score: number })[] = [];
  const pages: { page: PageView; source: ChatbotSource; score: number }[] = [];
  for (const page of published.pages) {
    const source = pageSource(page, ctx.origin);
    for (const f of page.faq ?? []) faqs.push({ ...f, source, score: 2 * overlap(words, f.question) + overlap(words, f.answer) });
    if (page.type !== 'faq') pages.push({ page, source, score: 2 * overlap(words, page.title) + overlap(words, page.summary ?? '') });
  }
  for (const service of catalog.services) {
    const source = { ...serviceSource(service, ctx.origin), type: 'faq' as const, url: `${serviceSource(service, ctx.origin).url}#faq` };
    for (const f of service.faq) faqs.push({ ...f, source, score: 2 * overlap(words, f.question) + overlap(words, f.answer) });
  }
  const best = <T extends { score: number }>(items: T[], n: number) =>
    items
      .filter((i) => i.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, n);
  const faq = best(faqs, MAX_FAQ).map(({ score: _, ...f }) => f);
  const topPages = best(pages, MAX_PAGES).map(({ score: _, ...p }) => p);
  const sources: ChatbotSource[] = [];
  const cite = (s: ChatbotSource) => {
    if (!sources.some((k) => k.type === s.type && k.id === s.id)) sources.push(s);
  };
  for (const s of catalog.services) cite(serviceSource(s, ctx.origin));
  for (const f of faq) cite(f.source);
  for (const p of topPages) cite(p.source);
  return {
    words,
    faq,
    pages: topPages,
    services: catalog.services,
    sources,
    catalogAvailable: catalog.available,
    contentAvailable: published.available,
  };
}

import type { ChangeMarker } from '@tm/shared';
import {
  inChunks,
  matchEveryWord,
  type PrebuiltAnswer,
  prebuild,
  queryWords,
  type StreamedAnswer,
  searchWords,
  streamed,
  TokenIndex,
  type WholeListAnswer,
} from '@tm/shared';
import type { TalentRole } from './model.ts';
import { isListed, sortSlugs } from './ranking.ts';
import type { ProfileCard } from './repository.ts';
import { toTalentIndexEntry } from './view.ts';

/** A talent search as GET /talent and the MCP tool ask it. */
export interface TalentSearch {
  search?: string;
  role?: TalentRole;
  /** Skill names; every word of each must begin a word of one of the person's skills. */
  skills?: string[];
  industry?: string;
  /** true: bookable now or soon (available, limited); false: unavailable. */
  available?: boolean;
}

const STATUS_ORDER = { available: 0, limited: 1, unavailable: 2 } as const;
const ROLE_WORDS: Record<TalentRole, string> = {
  pm: 'pm project manager delivery',
  resource: 'resource developer engineer',
  expert: 'expert consultant advisor',
};
const CHUNK = 2_000;
/** Lines per chunk of the streamed index. */
const LINES_PER_CHUNK = 500;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One version of the talent directory: the listed profiles' cards (active and indexable; public
 * fields only) in search order (bookable first, best rated, most reviewed, slug), word indexes
 * over the text, the skills and the industries, the prebuilt sitemap and the streamed index.
 */
export class DirectorySnapshot {
  private readonly answers = new Map<string, WholeListAnswer>();

  private constructor(
    readonly marker: ChangeMarker,
    private readonly cards: readonly ProfileCard[],
    private readonly bySlug: readonly ProfileCard[],
    private readonly text: TokenIndex,
    private readonly skills: TokenIndex,
    private readonly industries: TokenIndex,
  ) {}

  static async build(marker: ChangeMarker, active: readonly ProfileCard[]): Promise<DirectorySnapshot> {
    const bySlug = active.filter((c) => isListed({ active: true, indexable: c.indexable }));
    const cards = [...bySlug].sort(
      (a, b) =>
        STATUS_ORDER[a.availability.status] - STATUS_ORDER[b.availability.status] ||
        b.rating - a.rating ||
        b.reviewCount - a.reviewCount ||
        (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
    );
    const text: string[][] = [];
    const skills: string[][] = [];
    const industries: string[][] = [];
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i] as ProfileCard;
      const skillText = c.skills.map((s) => s.name).join(' ');
      const industryText = (c.industries ?? []).join(' ');
      text.push(searchWords(`${c.displayName} ${c.headline} ${skillText} ${industryText} ${ROLE_WORDS[c.role]} ${c.location.city} ${c.services.join(' ')}`));
      skills.push(searchWords(skillText));
      industries.push(searchWords(industryText));
      if (i % CHUNK === CHUNK - 1) await yieldToRequests();
    }
    const n = cards.length;
    const index = (lists: string[][]) => TokenIndex.build(n, (o) => lists[o] as string[]);
    return new DirectorySnapshot(marker, cards, bySlug, index(text), index(skills), index(industries));
  }

  /** The ids of one page of a search, in search order, and the number of matches. */
  page(q: TalentSearch, skip: number, limit: number): { ids: string[]; total: number } {
    const n = this.cards.length;
    const masks: Uint8Array[] = [];
    if (q.search !== undefined) masks.push(matchEveryWord([this.text], queryWords(q.search), n));
    if (q.skills)
      masks.push(
        matchEveryWord(
          [this.skills],
          q.skills.flatMap((s) => queryWords(s)),
          n,
        ),
      );
    if (q.industry !== undefined) masks.push(matchEveryWord([this.industries], queryWords(q.industry), n));
    const ids: string[] = [];
    let total = 0;
    for (let o = 0; o < n; o++) {
      const c = this.cards[o] as ProfileCard;
      if (q.role && c.role !== q.role) continue;
      if (q.available !== undefined && (c.availability.status !== 'unavailable') !== q.available) continue;
      if (masks.some((m) => !m[o])) continue;
      if (total >= skip && ids.length < limit) ids.push(c._id);
      total++;
    }
    return { ids, total };
  }

  /** GET /talent/sitemap: the listed slugs, ascending. */
  sitemap(): PrebuiltAnswer {
    return this.answer('sitemap', () => prebuild(JSON.stringify({ success: true, data: sortSlugs(this.bySlug.map((c) => c.slug)) })));
  }

  /** GET /internal/talent-index (JSON envelope) and its lines with a trailer, streamed (nothing kept but the ETag). */
  index(format: 'json' | 'ndjson'): StreamedAnswer {
    const listed = this.bySlug;
    if (format === 'json')
      return this.answer('index:json', () =>
        streamed(function* () {
          yield '{"success":true,"data":[';
          yield* inChunks(listed, LINES_PER_CHUNK, (c, i) => `${i === 0 ? '' : ','}${JSON.stringify(toTalentIndexEntry(c))}`);
          yield ']}';
        }),
      );
    return this.answer('index:ndjson', () =>
      streamed(function* () {
        yield* inChunks(listed, LINES_PER_CHUNK, (c) => `${JSON.stringify(toTalentIndexEntry(c))}\n`);
        yield `${JSON.stringify({ end: true, count: listed.length })}\n`;
      }, 'application/x-ndjson; charset=utf-8'),
    );
  }

  private answer<A extends WholeListAnswer>(key: string, build: () => A): A {
    let a = this.answers.get(key) as A | undefined;
    if (!a) {
      a = build();
      this.answers.set(key, a);
    }
    return a;
  }
}

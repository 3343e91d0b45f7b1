import type { CreatePageBody, Lang, PageType, PublishedPage, UpdatePageBody } from '@tm/contracts';
import { type Clock, DomainError, newId } from '@tm/shared';
import type { ContentReadModel, ContentSnapshot } from '../read-model/read-model.ts';
import type { Revision } from '../read-model/revision.ts';
import { type PageDoc, toContentPage } from './model.ts';
import { renderMarkdown } from './render.ts';
import type { PageRepository } from './repository.ts';

export interface PageDeps {
  pages: PageRepository;
  readModel: ContentReadModel;
  revision: Revision;
  clock: Clock;
}

const iso = (deps: { clock: Clock }) => new Date(deps.clock.now()).toISOString();

/** Ids this service hands out are 24-hex; anything else is a 400, never a lookup. */
export function checkId(id: string): string {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new DomainError('INVALID_ID', 'A page id is 24 hexadecimal characters');
  return id;
}

async function requirePage(deps: PageDeps, id: string): Promise<PageDoc> {
  const page = await deps.pages.findById(checkId(id));
  if (!page) throw new DomainError('PAGE_NOT_FOUND', 'No such page');
  return page;
}

/** Published content changed: every replica's read model (and the site files after it) sees it. */
async function published(deps: PageDeps): Promise<void> {
  await deps.revision.bump();
  await deps.readModel.refresh();
}

/** A new draft; `groupId` makes it a translation of an existing page (same type, a language the group lacks). */
export async function createPage(deps: PageDeps, body: CreatePageBody): Promise<PageDoc> {
  if (body.groupId !== undefined) {
    const group = await deps.pages.findGroup(body.groupId);
    if (group.length === 0) throw new DomainError('GROUP_NOT_FOUND', `No page group ${body.groupId}`);
    if (group.some((p) => p.type !== body.type))
      throw new DomainError('VALIDATION_FAILED', `Group ${body.groupId} holds ${group[0]?.type} pages; a translation has its type`);
  }
  const now = iso(deps);
  return deps.pages.insert({
    _id: newId(),
    groupId: body.groupId ?? newId(),
    type: body.type,
    lang: body.lang,
    slug: body.slug,
    title: body.title,
    summary: body.summary ?? '',
    body: body.body ?? '',
    ...(body.faq ? { faq: body.faq } : {}),
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
    formerSlugs: [],
  });
}

/**
 * An edit at the version the editor read: a stale version is 409 VERSION_CONFLICT (of two admins
 * editing at once, one wins). A published page's edit is live at once; a slug it leaves behind
 * answers 301 to the new one.
 */
export async function updatePage(deps: PageDeps, id: string, body: UpdatePageBody): Promise<PageDoc> {
  const page = await requirePage(deps, id);
  const conflict = () => new DomainError('VERSION_CONFLICT', `The page changed since version ${body.version}; read it again`);
  if (page.version !== body.version) throw conflict();
  const { version, ...fields } = body;
  const movedFrom = fields.slug !== undefined && fields.slug !== page.slug && page.publishedAt ? page.slug : undefined;
  const updated = await deps.pages.updateAt(page._id, version, { ...fields, updatedAt: iso(deps) }, movedFrom ? { addFormerSlug: movedFrom } : {});
  if (!updated) throw conflict();
  if (updated.status === 'published') await published(deps);
  return updated;
}

/** Publishes one language of a page (never another): idempotent. */
export async function publishPage(deps: PageDeps, id: string): Promise<PageDoc> {
  const page = await requirePage(deps, id);
  if (page.status === 'published') return page;
  const now = iso(deps);
  const updated = await deps.pages.updateAt(page._id, page.version, { status: 'published', publishedAt: now, updatedAt: now }, { from: ['draft', 'archived'] });
  if (!updated) throw new DomainError('VERSION_CONFLICT', 'The page changed while it was being published; try again');
  await published(deps);
  return updated;
}

/** Takes one language of a page off the site (archived): idempotent. */
export async function unpublishPage(deps: PageDeps, id: string): Promise<PageDoc> {
  const page = await requirePage(deps, id);
  if (page.status !== 'published') return page;
  const updated = await deps.pages.updateAt(page._id, page.version, { status: 'archived', updatedAt: iso(deps) }, { from: ['published'] });
  if (!updated) throw new DomainError('VERSION_CONFLICT', 'The page changed while it was being unpublished; try again');
  await published(deps);
  return updated;
}

/** The published pages shown to a reader of `lang`: per group its page in `lang`, else its English one. */
export function publishedFor(snapshot: ContentSnapshot, lang: Lang, type?: PageType): readonly PageDoc[] {
  return snapshot.derived(`pages:${lang}:${type ?? '*'}`, () => {
    const groups = new Map<string, PageDoc>();
    for (const p of snapshot.published) {
      if (type && p.type !== type) continue;
      const held = groups.get(p.groupId);
      if (!held || (p.lang === lang && held.lang !== lang) || (p.lang === 'en' && held.lang !== lang && held.lang !== 'en')) groups.set(p.groupId, p);
    }
    return [...groups.values()];
  });
}

export type SlugLookup = { page: PageDoc } | { movedTo: string } | undefined;

/**
 * A published page by slug: in the reader's language first, then English, then any; else a page
 * that used to have the slug (301 to its new one). A live page's slug always wins over a redirect.
 */
export function findBySlug(snapshot: ContentSnapshot, slug: string, lang: Lang, type?: PageType): SlugLookup {
  const rank = (p: PageDoc) => (p.lang === lang ? 0 : p.lang === 'en' ? 1 : 2);
  const best = (list: PageDoc[]) => list.filter((p) => !type || p.type === type).sort((a, b) => rank(a) - rank(b))[0];
  const live = best(snapshot.published.filter((p) => p.slug === slug));
  if (live) return { page: live };
  const moved = best(snapshot.published.filter((p) => p.formerSlugs.includes(slug)));
  return moved ? { movedTo: moved.slug } : undefined;
}

/** The public view of a published page: its body as sanitized HTML and its group's other published languages. */
export function toPublishedPage(snapshot: ContentSnapshot, page: PageDoc): PublishedPage {
  const alternates = snapshot.published.filter((p) => p.groupId === page.groupId).map((p) => ({ lang: p.lang, slug: p.slug }));
  return { ...toContentPage(page), bodyHtml: renderMarkdown(page.body), alternates };
}

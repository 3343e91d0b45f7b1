import type { ContentPage, Lang, PageStatus, PageType } from '@tm/contracts';

/** A page as stored (`pages`): one document per language; `formerSlugs` answer 301 once the page is published. */
export interface PageDoc {
  _id: string;
  groupId: string;
  type: PageType;
  lang: Lang;
  slug: string;
  title: string;
  summary: string;
  body: string;
  faq?: { question: string; answer: string }[];
  status: PageStatus;
  version: number;
  publishedAt?: string;
  createdAt: string;
  updatedAt: string;
  formerSlugs: string[];
  [key: string]: unknown;
}

/** The editors' view of a stored page. */
export function toContentPage(doc: PageDoc): ContentPage {
  return {
    id: doc._id,
    groupId: doc.groupId,
    type: doc.type,
    lang: doc.lang,
    slug: doc.slug,
    title: doc.title,
    summary: doc.summary,
    body: doc.body,
    ...(doc.faq ? { faq: doc.faq } : {}),
    status: doc.status,
    version: doc.version,
    ...(doc.publishedAt ? { publishedAt: doc.publishedAt } : {}),
    updatedAt: doc.updatedAt,
  };
}

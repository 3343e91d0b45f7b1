import type { PageDoc } from './model.ts';
import type { PageRepository } from './repository.ts';

/** seed/pages.json: a handful of published pages and FAQ entries (some translated), inserted once and never overwritten. */
export async function seedPages(repo: PageRepository): Promise<void> {
  const pages = (await Bun.file(new URL('../../seed/pages.json', import.meta.url)).json()) as PageDoc[];
  for (const page of pages) await repo.seed(page);
}

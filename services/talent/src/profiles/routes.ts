import { StaffProfileSchema, type TalentRole } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { TalentDirectory } from './directory.ts';
import { ErrorEnvelopeSchema } from './error-envelope.ts';
import type { StoredProfile } from './model.ts';
import { isListed } from './ranking.ts';
import { noRatings, type RatingsPort } from './ratings.ts';
import type { ProfileRepository } from './repository.ts';
import { toPublicProfile } from './view.ts';

const ProfileEnvelope = envelopeOf(StaffProfileSchema, 'StaffProfileEnvelope');
const profileResponses = { 200: ProfileEnvelope, 404: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema };
const IdParams = t.Object({ id: t.String({ description: 'Database id (24 hex) or URL slug' }) });

const STAFF_DESCRIPTION =
  'A PM profile carries `rating {count, average}` from published reviews once there is one (as the service detail; absent while reviews is unavailable); ' +
  '`listedRating` and `listedReviewCount` are the figures the profile was listed with (breaking change, 2026-11: `rating` was that number). ' +
  'Accepts the database id or the slug. Answers 404 PROFILE_NOT_FOUND for an unknown id, an inactive profile or a profile of another role. ' +
  'Profiles that are active but not indexable are served with `X-Robots-Tag: noindex` and never appear in the sitemap. ' +
  'Contact data and internal notes are never part of a public profile.';

function notFound(): DomainError {
  return new DomainError('PROFILE_NOT_FOUND', 'No such profile');
}

/** The public talent routes (spec operations 15-18). */
export function createProfileRoutes(profiles: ProfileRepository, directory: TalentDirectory, ratings: RatingsPort = noRatings) {
  /** The public profile, with a PM's `rating {count, average}` from reviews (cached; none while reviews is away, never an error). */
  const withRating = async (found: StoredProfile, requestId: string | undefined) => {
    const rating = found.role === 'pm' ? await ratings.ratingOf('pm', found._id, requestId) : undefined;
    return { ...toPublicProfile(found), ...(rating ? { rating } : {}) };
  };
  const staffProfile =
    (role: TalentRole) =>
    async ({ params, set }: { params: { id: string }; set: { headers: Record<string, unknown> } }) => {
      const found = await profiles.findActiveByIdOrSlug(role, params.id);
      if (!found) throw notFound();
      markNoIndex(found, set.headers);
      return ok(await withRating(found, set.headers['x-request-id'] as string | undefined));
    };

  return new Elysia({ name: 'profile-routes' })
    .get('/pm/:id/profile', staffProfile('pm'), {
      params: IdParams,
      response: profileResponses,
      detail: {
        operationId: 'getPmProfile',
        summary: 'Get a project manager profile',
        description: `Public profile of a project manager (role \`pm\`). ${STAFF_DESCRIPTION}`,
        tags: ['Talent'],
      },
    })
    .get('/resource/:id/profile', staffProfile('resource'), {
      params: IdParams,
      response: profileResponses,
      detail: {
        operationId: 'getResourceProfile',
        summary: 'Get a field resource profile',
        description: `Public profile of a field resource (role \`resource\`). ${STAFF_DESCRIPTION}`,
        tags: ['Talent'],
      },
    })
    .get('/talent/sitemap', async ({ request, set }) => answerPrebuilt(request, await directory.sitemap(), set.headers as Record<string, string>), {
      response: { 200: envelopeOf(t.Array(t.String()), 'TalentSitemapEnvelope'), 429: ErrorEnvelopeSchema },
      detail: {
        operationId: 'listTalentSitemap',
        summary: 'List the slugs of every indexable talent profile',
        description:
          'Slugs of every active and indexable profile of any role (project managers, field resources and experts), sorted ascending, ' +
          'so the list is stable between calls. Every slug listed resolves at GET /talent/{slug}. Prebuilt: answered with an `ETag` and ' +
          '`Cache-Control: public, no-cache`, and 304 with no body to a matching `If-None-Match`.',
        tags: ['Talent'],
      },
    })
    .get(
      '/talent/:slug',
      async ({ params, set }) => {
        const found = await profiles.findListedBySlug(params.slug);
        if (!found || !isListed(found)) throw notFound();
        return ok(await withRating(found, set.headers['x-request-id'] as string | undefined));
      },
      {
        params: t.Object({ slug: t.String({ description: 'URL slug from GET /talent/sitemap' }) }),
        response: { 200: ProfileEnvelope, 404: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
        detail: {
          operationId: 'getTalentProfile',
          summary: 'Get a talent profile by slug',
          description:
            'The public profile (skills with years, experience newest first, languages, location, rating, availability and the catalog services the person delivers) ' +
            'in the envelope, `data` being a StaffProfile. Any active and indexable profile is reachable here: experts (role `expert`, whose profile page this is) ' +
            'and also project managers and field resources, so that every slug in GET /talent/sitemap resolves; `role` says which. ' +
            'Lookup is by slug only. Answers 404 PROFILE_NOT_FOUND for an unknown, inactive or non-indexable slug.',
          tags: ['Talent'],
        },
      },
    );
}

/** Search engines may still reach a non-indexable profile by a direct link; tell them not to index it. */
function markNoIndex(profile: StoredProfile, headers: Record<string, unknown>): void {
  if (!profile.indexable) headers['x-robots-tag'] = 'noindex';
}

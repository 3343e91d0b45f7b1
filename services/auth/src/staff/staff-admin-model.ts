import { envelopeOf } from '@tm/shared/http';
import { t } from 'elysia';

/** `POST /account/staff`: the new account; role is checked by the domain for a stable code (INVALID_ROLE). */
export const CreateStaffBody = t.Object(
  {
    email: t.String({ format: 'email', maxLength: 320, description: 'Sign-in email (compared case-insensitively)' }),
    role: t.String({ maxLength: 32, description: 'pm, resource or admin' }),
    mobile: t.Optional(t.String({ maxLength: 32, description: 'E.164; also a sign-in identifier' })),
    profileId: t.Optional(
      t.String({ minLength: 1, maxLength: 128, description: 'Talent profile id or slug; required for pm and resource, refused for admin' }),
    ),
    name: t.Optional(t.String({ minLength: 1, maxLength: 120 })),
  },
  { title: 'CreateStaffRequest', additionalProperties: false },
);

export const StaffAccountSchema = t.Object(
  {
    id: t.String(),
    email: t.String(),
    role: t.String(),
    mobile: t.Optional(t.String()),
    profileId: t.Optional(t.String({ description: 'Talent profile id (the `pid` claim of its tokens)' })),
    name: t.Optional(t.String()),
    status: t.Union([t.Literal('invited'), t.Literal('active'), t.Literal('deactivated')], {
      description: 'invited: no password set yet; active; deactivated: no sign-in',
    }),
    createdAt: t.String({ format: 'date-time' }),
  },
  { title: 'StaffAccount' },
);
export const StaffAccountEnvelope = envelopeOf(StaffAccountSchema, 'StaffAccountEnvelope');
export const CreatedStaffEnvelope = envelopeOf(
  t.Object({
    account: StaffAccountSchema,
    invited: t.Boolean({ description: 'False when the invitation mail could not be sent (forgot-password sends a new link)' }),
  }),
  'CreatedStaffEnvelope',
);
export const StaffListEnvelope = envelopeOf(t.Array(StaffAccountSchema), 'StaffListEnvelope');
export const StaffListQuery = t.Object({
  page: t.Optional(t.Integer({ minimum: 1, default: 1 })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20 })),
  role: t.Optional(t.Union([t.Literal('pm'), t.Literal('resource'), t.Literal('admin')])),
});
export const StaffIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

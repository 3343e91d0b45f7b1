import { CreatedStaffSchema, StaffAccountSchema } from '@tm/contracts';
import { envelopeOf } from '@tm/shared/http';
import { t } from 'elysia';

/** The staff admin routes' envelopes around the contract's shapes (packages/contracts/src/staff.ts). */
export const StaffAccountEnvelope = envelopeOf(StaffAccountSchema, 'StaffAccountEnvelope');
export const CreatedStaffEnvelope = envelopeOf(CreatedStaffSchema, 'CreatedStaffEnvelope');
export const StaffListEnvelope = envelopeOf(t.Array(StaffAccountSchema), 'StaffListEnvelope');
export const StaffIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });

import { t } from 'elysia';
import { ServiceIndexEntrySchema } from './catalog.ts';
import { CurrencySchema, MarketCodeSchema } from './markets.ts';
import { TalentIndexEntrySchema } from './talent.ts';

/**
 * The streamed indexes the gateway builds its site files from: NDJSON, one entry per line in a
 * stable order, then one trailer line that says how many entries came, so a reader can tell a
 * complete index from one cut off mid-way (a truncated index must never become a site file).
 */

/** A service's hourly rate in one market it is offered in, in integer minor units. */
export const IndexPriceSchema = t.Object({
  market: MarketCodeSchema,
  currency: CurrencySchema,
  hourlyRate: t.Integer({ minimum: 1 }),
});
export type IndexPrice = typeof IndexPriceSchema.static;

/** One line of catalog's GET /internal/service-index.ndjson: the index entry plus each market's price. */
export const ServiceIndexLineSchema = t.Composite([ServiceIndexEntrySchema, t.Object({ prices: t.Array(IndexPriceSchema) })]);
export type ServiceIndexLine = typeof ServiceIndexLineSchema.static;

/** One line of talent's GET /internal/talent-index.ndjson: the talent index entry itself. */
export const TalentIndexLineSchema = TalentIndexEntrySchema;
export type TalentIndexLine = typeof TalentIndexLineSchema.static;

/** The last line of every streamed index: `count` entries came before it. */
export const IndexTrailerSchema = t.Object({ end: t.Literal(true), count: t.Integer({ minimum: 0 }) });
export type IndexTrailer = typeof IndexTrailerSchema.static;

/** The media type of the streamed indexes. */
export const NDJSON = 'application/x-ndjson; charset=utf-8';

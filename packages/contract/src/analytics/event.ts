import { z } from 'zod';
import { ANALYTICS_PLATFORM } from './event-constants.ts';
import { jsonObject, jsonValue, multiLineText } from '../input-schemas.ts';

export * from './event-constants.ts';

/**
 * The analytics event of spec §3, shared by the browser (which builds it) and the server (which
 * validates and stores it). Keys outside the model go into `properties` (see `normalizeEvent`),
 * together with `ctime`, `is_mainland`, `sequence` and `session_seq`.
 */


// Text is checked like every call's text (no NUL or other control characters, no broken Unicode):
// PostgreSQL refuses such a string in the JSON payload, and one bad row would fail its whole batch.
const shortText = (max = 256) => multiLineText({ max });
const scalar = z.union([shortText(256), z.number().finite(), z.null()]);

export const eventPropertiesSchema = z
  .object({
    /** Client time of the event, ms since the epoch. */
    ctime: z.number().int().nonnegative().optional(),
    /** The visitor's IP is in mainland China (false when unknown). */
    is_mainland: z.boolean().optional(),
    /** Position of this event in the page session (1, 2, 3, …). */
    sequence: z.number().int().positive().optional(),
    /** Which session of this browser it is (1 for the first visit, 2 for the next, …). */
    session_seq: z.number().int().positive().optional(),
  })
  .catchall(jsonValue());

export const analyticsEventSchema = z
  .object({
    source: shortText(64).optional(),
    event_type: shortText(64).optional(),
    event_name: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
    event_param: z.union([shortText(4096), jsonObject()]).optional(),
    /** Event time, ms since the epoch. */
    timestamp: z.number().int().nonnegative(),
    userId: shortText(128).optional().nullable(),
    age: scalar.optional(),
    gender: scalar.optional(),
    level: scalar.optional(),
    vipLevel: scalar.optional(),
    activeLevel: scalar.optional(),
    ip: shortText(64).optional().nullable(),
    country: shortText(128).optional().nullable(),
    province: shortText(128).optional().nullable(),
    city: shortText(128).optional().nullable(),
    platform: z.literal(ANALYTICS_PLATFORM).default(ANALYTICS_PLATFORM),
    channel: z.union([shortText(32), z.number().int()]).optional(),
    language: shortText(35).optional(),
    device: shortText(128).optional(),
    os_version: shortText(128).optional(),
    network: shortText(32).optional(),
    app_version: shortText(64).optional(),
    tags: z.union([z.array(shortText(64)).max(32), shortText(1024)]).optional(),
    properties: eventPropertiesSchema.default({}),
  })
  .strict();

export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

const MODEL_KEYS: ReadonlySet<string> = new Set(Object.keys(analyticsEventSchema.shape));

/**
 * Moves every key outside the model into `properties` (existing properties win), so a caller may
 * send `{event_name, timestamp, path: '/pricing'}` and get `properties.path`. Pure; does not validate.
 */
export function normalizeEvent(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (MODEL_KEYS.has(key)) out[key] = value;
    else extra[key] = value;
  }
  if (Object.keys(extra).length > 0) {
    const properties = out.properties && typeof out.properties === 'object' && !Array.isArray(out.properties) ? out.properties : {};
    out.properties = { ...extra, ...(properties as Record<string, unknown>) };
  }
  return out;
}


/** Query of `POST /log`: project id, tag, and the signature of spec §7. */
export const logQuerySchema = z.object({
  pid: z.string().max(64).regex(/^[\w.:-]*$/).optional(),
  tag: z.string().max(64).regex(/^[\w.:-]*$/).optional(),
  timestamp: z.string().optional(),
  signature: z.string().optional(),
});

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { singleLineText } from '../input-schemas.ts';

export const addressIpCall = defineCall({
  path: '/api/address/ip',
  summary:
    "The caller's IP address. Behind a proxy listed in TRUSTED_PROXIES the address comes from X-Forwarded-For; " +
    'from anyone else the header is ignored. `isDebug` adds how the address was found.',
  tag: 'address',
  access: 'public',
  body: z.object({ isDebug: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional() }).strict(),
  data: z.object({
    ip: z.string(),
    debug: z
      .object({ remoteAddress: z.string(), forwardedFor: z.string().nullable(), trustedProxy: z.boolean() })
      .optional(),
  }),
});

const localizedNames = z.object({ country: z.string().nullable(), region: z.string().nullable(), city: z.string().nullable() });

/** IP info (spec §3: ip, city, region, country) with the codes of spec §7. Unknown parts are null. */
export const ipInfoSchema = z.object({
  ip: z.string(),
  /** false for private, reserved and unknown addresses: every other field is then null. */
  found: z.boolean(),
  /** Why nothing was found: a private or loopback range, another reserved range, or not in the database. */
  reason: z.enum(['private', 'reserved', 'not_found']).optional(),
  country_code: z.string().nullable(),
  /** ISO-style region code: GB/T 2260 for mainland China (`370000` Shandong), else null (DB-IP lite has names only). */
  province_code: z.string().nullable(),
  /** City code: null (DB-IP lite has city names only). */
  city_code: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  is_mainland: z.boolean(),
  names: z.object({ en: localizedNames, zh: localizedNames }),
});
export type IpInfo = z.infer<typeof ipInfoSchema>;

export const addressInfoCall = defineCall({
  path: '/api/address/info',
  summary:
    'Location of an IP address from the offline DB-IP Lite database (CC BY 4.0, https://db-ip.com). ' +
    'A malformed address answers 3003; private, reserved and unknown addresses answer found=false with a reason.',
  tag: 'address',
  access: 'public',
  body: z.object({ ip: singleLineText({ min: 1, max: 64, trim: true }) }).strict(),
  data: ipInfoSchema,
});

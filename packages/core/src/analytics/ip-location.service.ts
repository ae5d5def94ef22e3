import { ErrorCode, type IpInfo } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import { findChinaCity, findChinaProvince } from './china-regions.ts';
import { parseIp } from './ip-address.ts';
import type { IpLocationLookup } from './ip-location.port.ts';

const regionNames = { en: new Intl.DisplayNames(['en'], { type: 'region' }), zh: new Intl.DisplayNames(['zh-Hans'], { type: 'region' }) };

function countryName(locale: 'en' | 'zh', code: string): string | null {
  try {
    const name = regionNames[locale].of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

function empty(ip: string, reason: NonNullable<IpInfo['reason']>): IpInfo {
  const none = { country: null, region: null, city: null };
  return {
    ip,
    found: false,
    reason,
    country_code: null,
    province_code: null,
    city_code: null,
    country: null,
    region: null,
    city: null,
    is_mainland: false,
    names: { en: none, zh: none },
  };
}

/**
 * IP info of spec §3/§7 from the offline database. A malformed address is a catalogue error (3003);
 * private, reserved and unknown addresses answer `found: false` with a reason, so a caller can tell
 * "we cannot know" from "you sent garbage". Mainland China gets GB/T 2260 codes and zh names.
 */
export function createIpLocationService({ lookup }: { lookup: IpLocationLookup }) {
  return {
    async info(input: string): Promise<IpInfo> {
      const parsed = parseIp(input);
      if (!parsed.valid) throw new DomainError(ErrorCode.IP_INVALID, { ip: input.slice(0, 64) });
      if (parsed.range !== 'public') return empty(parsed.ip, parsed.range);
      const record = await lookup.lookup(parsed.ip, parsed.version);
      if (!record || !record.country_code) return empty(parsed.ip, 'not_found');

      const countryCode = record.country_code.toUpperCase();
      const isMainland = countryCode === 'CN';
      const province = isMainland ? findChinaProvince(record.state1) : undefined;
      const city = province ? findChinaCity(record.city, province.code) : undefined;
      const en = { country: countryName('en', countryCode), region: record.state1 || null, city: record.city || null };
      const zh = { country: countryName('zh', countryCode), region: province?.zh ?? null, city: city?.zh ?? null };
      return {
        ip: parsed.ip,
        found: true,
        country_code: countryCode,
        province_code: province?.code ?? null,
        city_code: city?.code ?? null,
        country: en.country,
        region: en.region,
        city: en.city,
        is_mainland: isMainland,
        names: { en, zh },
      };
    },
  };
}

export type IpLocationService = ReturnType<typeof createIpLocationService>;

import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@voxwork/contract';
import { createIpLocationService } from './ip-location.service.ts';

describe('IP location service (fake database)', () => {
  const service = createIpLocationService({
    lookup: {
      lookup: async (ip) =>
        ({ '1.2.3.4': { country_code: 'CN', state1: 'Inner Mongolia Autonomous Region', city: 'Hohhot' }, '5.6.7.8': { country_code: 'HK', city: 'Hong Kong' } })[ip] ?? null,
    },
  });

  it('maps mainland regions to GB/T 2260 codes and Chinese names', async () => {
    expect(await service.info('1.2.3.4')).toMatchObject({ province_code: '150000', city_code: '150100', is_mainland: true, names: { zh: { region: '内蒙古自治区', city: '呼和浩特市' } } });
  });

  it('does not count Hong Kong as mainland', async () => {
    expect(await service.info('5.6.7.8')).toMatchObject({ country_code: 'HK', is_mainland: false, names: { zh: { country: '中国香港特别行政区' } } });
  });

  it('answers not_found for a public address missing from the database', async () => {
    expect(await service.info('9.9.9.9')).toMatchObject({ found: false, reason: 'not_found' });
  });

  it('answers 3003 for garbage', async () => {
    await expect(service.info('x')).rejects.toMatchObject({ code: ErrorCode.IP_INVALID });
  });
});

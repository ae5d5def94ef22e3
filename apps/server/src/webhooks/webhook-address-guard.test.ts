import { describe, expect, it } from 'vitest';
import { isForbiddenWebhookAddress } from './webhook-address-guard.ts';

describe('isForbiddenWebhookAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isForbiddenWebhookAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('allows %s', (address) => {
    expect(isForbiddenWebhookAddress(address)).toBe(false);
  });
});

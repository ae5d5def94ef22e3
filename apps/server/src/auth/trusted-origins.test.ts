import { describe, expect, it } from 'vitest';
import { machineAddresses, trustedOriginsFor } from './trusted-origins.ts';

const base = { publicUrl: 'http://localhost:3000', port: 3000, host: '0.0.0.0', machineName: 'studio', interfaceAddresses: ['127.0.0.1', '192.168.1.20', '::1', '2001:db8::5'] };

describe('trustedOriginsFor', () => {
  it('trusts PUBLIC_URL and the addresses the server is reached at, on its port', () => {
    expect(trustedOriginsFor(base)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://studio:3000',
      'http://192.168.1.20:3000',
      'http://[2001:db8::5]:3000',
    ]);
  });

  it('adds a public URL behind a proxy as its origin only, and a concrete HOST instead of the interface addresses', () => {
    const origins = trustedOriginsFor({ ...base, publicUrl: 'https://voxwork.example.com/app/', host: '10.0.0.7' });
    expect(origins).toEqual(['https://voxwork.example.com', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://studio:3000', 'http://10.0.0.7:3000']);
    expect(origins).not.toContain('http://192.168.1.20:3000');
  });

  it('writes port 80 the way browsers send it, and names no alias when the port is chosen at listen time', () => {
    expect(trustedOriginsFor({ ...base, port: 80, publicUrl: 'http://localhost' })).toContain('http://127.0.0.1');
    expect(trustedOriginsFor({ ...base, port: 0, publicUrl: 'http://localhost:0' })).toEqual(['http://localhost:0']);
  });

  it('never trusts a foreign origin or another port', () => {
    const origins = trustedOriginsFor(base);
    for (const foreign of ['http://evil.example', 'http://127.0.0.1:3001', 'https://127.0.0.1:3000', 'http://studio.evil.example:3000', 'null']) {
      expect(origins).not.toContain(foreign);
    }
  });

  it('reads this machine: a host name and its addresses, without link-local IPv6', () => {
    const { machineName, interfaceAddresses } = machineAddresses();
    expect(machineName.length).toBeGreaterThan(0);
    expect(interfaceAddresses).toContain('127.0.0.1');
    expect(interfaceAddresses.some((address) => /^fe80:/i.test(address))).toBe(false);
  });
});

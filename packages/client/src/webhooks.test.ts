import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './webhooks.ts';

const secret = 'whsec_2jT0bQ4nX8vYkq3pZ6rW1uLmA9sDfGhJ';
const body = '{"id":"evt_1","type":"job.succeeded","data":{"job":{"id":"j1"}}}';
const now = 1_790_000_000;
const header = (timestamp: number, signed = body, key = secret) => `t=${timestamp},v1=${createHmac('sha256', key).update(`${timestamp}.${signed}`).digest('hex')}`;

describe('verifyWebhookSignature', () => {
  it('accepts the raw body signed with the endpoint secret within five minutes', () => {
    expect(verifyWebhookSignature(header(now), body, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(header(now - 300), body, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(` t=${now} , v1=${header(now).split('v1=')[1]}`, body, secret, { now })).toBe(true);
  });

  it('refuses a changed body, another secret, an old or future timestamp and malformed headers', () => {
    expect(verifyWebhookSignature(header(now), body.replace('succeeded', 'failed'), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(header(now, body, 'whsec_other'), body, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(header(now - 301), body, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(header(now + 301), body, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(header(now - 30), body, secret, { now, toleranceSeconds: 10 })).toBe(false);
    for (const bad of [undefined, null, '', 't=abc,v1=00', `t=${now}`, `t=${now},v1=zz`, `v1=${'0'.repeat(64)}`]) expect(verifyWebhookSignature(bad, body, secret, { now })).toBe(false);
  });
});

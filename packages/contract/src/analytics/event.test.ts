import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, isPaymentArgsEvent, normalizeEvent, renamePaymentArgs } from './event.ts';

describe('analytics event', () => {
  it('moves keys outside the model into properties, keeping explicit properties', () => {
    const normalized = normalizeEvent({ event_name: 'page_visit', timestamp: 1, path: '/pricing', sequence: 9, properties: { sequence: 2 } });
    expect(normalized).toEqual({ event_name: 'page_visit', timestamp: 1, properties: { path: '/pricing', sequence: 2 } });
    const event = analyticsEventSchema.parse(normalized);
    expect(event.platform).toBe('WEB');
    expect(event.properties).toEqual({ path: '/pricing', sequence: 2 });
  });

  it.each([
    ['missing name', { timestamp: 1 }],
    ['name with spaces', { event_name: 'page visit', timestamp: 1 }],
    ['negative timestamp', { event_name: 'x', timestamp: -1 }],
    ['another platform', { event_name: 'x', timestamp: 1, platform: 'IOS' }],
    ['sequence zero', { event_name: 'x', timestamp: 1, properties: { sequence: 0 } }],
  ])('refuses %s', (_name, raw) => {
    expect(analyticsEventSchema.safeParse(normalizeEvent(raw)).success).toBe(false);
  });

  it('renames payment_args_ events (spec §7)', () => {
    expect(renamePaymentArgs('payment_args_submit')).toBe('pay_args_node_submit');
    expect(renamePaymentArgs('page_visit')).toBe('page_visit');
    expect(isPaymentArgsEvent('checkout_payment_args_x')).toBe(true);
    expect(isPaymentArgsEvent('page_visit')).toBe(false);
  });
});

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '@voxwork/contract';
import { InvalidWebhookError, type PaymentEvent, type PaymentProvider } from '@voxwork/core';
import type { OrderRow } from '@voxwork/db';

/**
 * The built-in sandbox provider, used when no real provider is configured. Its checkout page is
 * plainly marked as test mode and lets the tester approve or decline; the choice comes back as a
 * signed notification through the same webhook path a real provider uses.
 */
export function createSandboxPaymentProvider(options: { secret: string; publicUrl: string }) {
  const sign = (orderId: string, decision: string, eventId: string) =>
    createHmac('sha256', options.secret).update(`sandbox:${orderId}:${decision}:${eventId}`).digest('hex');

  const provider: PaymentProvider = {
    id: 'sandbox',
    async createCheckout({ order }) {
      const url = new URL('/api/payments/sandbox/checkout', options.publicUrl);
      url.searchParams.set('order', order.id);
      url.searchParams.set('signature', sign(order.id, 'view', order.id));
      return { url: url.toString(), providerRef: `sandbox_${order.id}` };
    },
    async parseWebhook(rawBody) {
      const form = new URLSearchParams(rawBody);
      const orderId = form.get('orderId') ?? '';
      const decision = form.get('decision') ?? '';
      const eventId = form.get('eventId') ?? '';
      const signature = form.get('signature') ?? '';
      const expected = sign(orderId, decision, eventId);
      if (!orderId || !eventId || !['approve', 'decline'].includes(decision) || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
        throw new InvalidWebhookError('sandbox notification signature mismatch');
      }
      const event: PaymentEvent = { eventId, orderId, type: decision === 'approve' ? 'paid' : 'failed' };
      if (decision === 'decline') event.reason = 'declined in the sandbox';
      return event;
    },
  };

  return {
    provider,
    /** Whether a checkout-page link is genuine. */
    verifyView(orderId: string, signature: string) {
      const expected = sign(orderId, 'view', orderId);
      return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    },
    /** The test-mode checkout page, in the order's currency language, with signed approve/decline forms. */
    renderCheckout(order: OrderRow, title: string, locale: 'en' | 'zh'): string {
      const text =
        locale === 'zh'
          ? { banner: '测试模式 — 不会产生任何真实扣款', heading: '沙盒结算', product: '商品', amount: '金额', approve: '批准付款', decline: '拒绝付款', note: '此页面由内置沙盒支付提供。配置 Stripe 密钥后将使用真实支付。' }
          : { banner: 'TEST MODE — no real money moves', heading: 'Sandbox checkout', product: 'Product', amount: 'Amount', approve: 'Approve payment', decline: 'Decline payment', note: 'This page comes from the built-in sandbox provider. Configure Stripe keys for real payments.' };
      const form = (decision: 'approve' | 'decline', label: string, style: string) => {
        const eventId = `evt_sandbox_${randomUUID()}`;
        return `<form method="post" action="/api/payments/webhook/sandbox"><input type="hidden" name="orderId" value="${order.id}"><input type="hidden" name="decision" value="${decision}"><input type="hidden" name="eventId" value="${eventId}"><input type="hidden" name="signature" value="${sign(order.id, decision, eventId)}"><button type="submit" style="${style}">${label}</button></form>`;
      };
      const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
      const status = order.status === 'pending' ? '' : `<p role="status"><strong>${escape(order.status)}</strong></p>`;
      const buttons = order.status === 'pending'
        ? `<div style="display:flex;gap:12px;flex-wrap:wrap">${form('approve', text.approve, 'padding:12px 20px;border:0;border-radius:8px;background:#16a34a;color:#fff;font-size:16px;cursor:pointer')}${form('decline', text.decline, 'padding:12px 20px;border:1px solid #999;border-radius:8px;background:transparent;color:inherit;font-size:16px;cursor:pointer')}</div>`
        : '';
      return `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text.heading} — Voxwork</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}@media (prefers-color-scheme:dark){body{background:#0b1120;color:#e2e8f0}}main{max-width:480px;margin:0 auto;padding:24px}.banner{background:#f59e0b;color:#111;font-weight:700;text-align:center;padding:10px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}</style></head>
<body><div class="banner" role="alert">${text.banner}</div><main><h1>${text.heading}</h1>${status}<dl><dt>${text.product}</dt><dd>${escape(title)}</dd><dt>${text.amount}</dt><dd>${formatMoney(order.amount, order.currency, locale)}</dd></dl>${buttons}<p style="font-size:13px;opacity:.7">${text.note}</p></main></body></html>`;
    },
  };
}

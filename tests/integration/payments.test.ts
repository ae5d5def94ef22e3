import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@voxwork/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { freePort } from '../support/server-process.ts';
import { freshPglite, testDatabases } from '../support/test-database.ts';
import type { DatabaseHandle } from '@voxwork/db';

const SECRET = 'payments-test-secret';

async function startApp(env: Record<string, string>, database?: DatabaseHandle) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voxwork-payments-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await createApp(
    loadConfig({ ROLE: 'api', API_SIGN_SECRET: SECRET, LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, ...env }),
    { database: database ?? (await freshPglite()) },
  );
  await app.listen();
  return { app, base, dataDir };
}

function formFields(html: string, decision: 'approve' | 'decline'): URLSearchParams {
  const form = html.split('<form').find((part) => part.includes(`value="${decision}"`))!;
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/name="(\w+)" value="([^"]*)"/g)) fields.set(match[1]!, match[2]!);
  return fields;
}

describe.each(testDatabases())('payments with the sandbox provider on %s', (_name, open) => {
  let env: Awaited<ReturnType<typeof startApp>>;
  let cleanup: () => Promise<void>;
  let user: { token: string; userId: string };
  let headers: Record<string, string>;

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    env = await startApp({}, opened.handle);
    user = await createVerifiedUser(env.base, env.dataDir, 'buyer@example.com');
    headers = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
  });
  afterAll(async () => {
    await env.app.stop();
    await cleanup();
    await rm(env.dataDir, { recursive: true, force: true });
  });

  const call = (pathName: string, body: unknown) => signedCall(env.base, SECRET, pathName, body, headers);

  it('a point pack: checkout page in test mode → approve → fulfilled once, even when the notification repeats', async () => {
    const checkout = await call('/api/payments/checkout/create', { productId: 'points-1000', currency: 'USD' });
    expect(checkout).toMatchObject({ code: 0, data: { provider: 'sandbox' } });
    const { orderId, checkoutUrl } = checkout.data as { orderId: string; checkoutUrl: string };
    expect((await call('/api/payments/order/get', { orderId })).data).toMatchObject({ status: 'pending', amount: 500, currency: 'USD' });

    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('TEST MODE');
    expect(page).toContain('$5');
    const approve = formFields(page, 'approve');
    const deliver = () => fetch(`${env.base}/api/payments/webhook/sandbox`, { method: 'POST', body: approve, redirect: 'manual' });
    const first = await deliver();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/transfer-station/subscription-test?order=${orderId}`);
    // The same notification again, ten times at once.
    await Promise.all(Array.from({ length: 10 }, deliver));

    expect((await call('/api/payments/order/get', { orderId })).data).toMatchObject({ status: 'paid', fulfilment: { points: 1000, planId: null } });
    const account = await call('/bill/userAccount/getUserAccount', { userId: user.userId });
    expect(account.data).toMatchObject({ availablePoint: 1300, totalPoint: 1300 });
    const purchases = await call('/bill/point/consume/pageList', { types: ['purchase'] });
    expect(purchases.data).toMatchObject({ total: 1 });
  });

  it('a plan period: approve → plan, end date and the plan’s points', async () => {
    const { data } = await call('/api/payments/checkout/create', { productId: 'pro:month', currency: 'CNY' });
    const page = await (await fetch((data as { checkoutUrl: string }).checkoutUrl)).text();
    expect(page).toContain('测试模式');
    expect(page).toContain('¥79');
    await fetch(`${env.base}/api/payments/webhook/sandbox`, { method: 'POST', body: formFields(page, 'approve'), redirect: 'manual' });
    const account = await call('/bill/userAccount/getUserAccount', { userId: user.userId });
    expect(account.data).toMatchObject({ planId: 'pro', vipLevel: 1, availablePoint: 4300, vtUseLimit: 50 });
    const days = (Date.parse((account.data as { expireTime: string }).expireTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('decline → failed, nothing granted; a forged notification is rejected', async () => {
    const { data } = await call('/api/payments/checkout/create', { productId: 'points-5000' });
    const { orderId, checkoutUrl } = data as { orderId: string; checkoutUrl: string };
    const page = await (await fetch(checkoutUrl)).text();
    const forged = formFields(page, 'approve');
    forged.set('signature', '0'.repeat(64));
    const rejected = await fetch(`${env.base}/api/payments/webhook/sandbox`, { method: 'POST', body: forged });
    expect(rejected.status).toBe(400);
    expect((await rejected.json()).code).toBe(ErrorCode.WEBHOOK_INVALID);
    await fetch(`${env.base}/api/payments/webhook/sandbox`, { method: 'POST', body: formFields(page, 'decline'), redirect: 'manual' });
    expect((await call('/api/payments/order/get', { orderId })).data).toMatchObject({ status: 'failed', fulfilment: null });
    expect((await call('/bill/userAccount/getUserAccount', { userId: user.userId })).data).toMatchObject({ availablePoint: 4300 });
  });

  it('refuses unknown products, other users’ orders and a checkout without sign-in', async () => {
    expect((await call('/api/payments/checkout/create', { productId: 'points-1' })).code).toBe(ErrorCode.INVALID_PARAMETER);
    expect((await call('/api/payments/checkout/create', { productId: 'free:month' })).code).toBe(ErrorCode.INVALID_PARAMETER);
    expect((await call('/api/payments/order/get', { orderId: '00000000-0000-4000-8000-000000000000' })).code).toBe(ErrorCode.ORDER_NOT_FOUND);
    expect((await signedCall(env.base, SECRET, '/api/payments/checkout/create', { productId: 'points-1000' })).code).toBe(ErrorCode.AUTH_REQUIRED);
    expect((await fetch(`${env.base}/api/payments/sandbox/checkout?order=00000000-0000-4000-8000-000000000000&signature=x`)).status).toBe(404);
  });
});

describe('payments with the Stripe adapter (against a local server replaying Stripe’s API shapes)', () => {
  const WEBHOOK_SECRET = 'whsec_test_voxwork';
  let stripeServer: Server;
  let env: Awaited<ReturnType<typeof startApp>>;
  const sessionRequests: URLSearchParams[] = [];

  beforeAll(async () => {
    stripeServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'POST' && request.url === '/v1/checkout/sessions' && request.headers.authorization === 'Bearer sk_test_voxwork') {
          const form = new URLSearchParams(body);
          sessionRequests.push(form);
          const id = `cs_test_${sessionRequests.length}`;
          response.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              mode: 'payment',
              status: 'open',
              payment_status: 'unpaid',
              client_reference_id: form.get('client_reference_id'),
              metadata: { orderId: form.get('metadata[orderId]') },
              url: `https://checkout.stripe.com/c/pay/${id}`,
            }),
          );
        } else {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        }
      });
    });
    await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve));
    const address = stripeServer.address() as { port: number };
    env = await startApp({ STRIPE_SECRET_KEY: 'sk_test_voxwork', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${address.port}` });
  });
  afterAll(async () => {
    await env.app.stop();
    stripeServer.close();
    await rm(env.dataDir, { recursive: true, force: true });
  });

  it('creates a Checkout Session and fulfils once from a signed webhook, however often it is delivered', async () => {
    const user = await createVerifiedUser(env.base, env.dataDir, 'stripe-buyer@example.com');
    const headers = { authorization: `Bearer ${user.token}`, 'user-id': user.userId };
    const checkout = await signedCall(env.base, SECRET, '/api/payments/checkout/create', { productId: 'points-5000', currency: 'USD' }, headers);
    expect(checkout).toMatchObject({ code: 0, data: { provider: 'stripe', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    const orderId = (checkout.data as { orderId: string }).orderId;
    const sent = sessionRequests[0]!;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('metadata[orderId]')).toBe(orderId);
    expect(sent.get('customer_email')).toBe('stripe-buyer@example.com');

    const payload = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', client_reference_id: orderId, metadata: { orderId } } },
    });
    const stripe = new Stripe('sk_test_voxwork');
    const deliver = (signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) =>
      fetch(`${env.base}/api/payments/webhook/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });

    const results = await Promise.all(Array.from({ length: 5 }, () => deliver()));
    expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const order = await signedCall(env.base, SECRET, '/api/payments/order/get', { orderId }, headers);
    expect(order.data).toMatchObject({ status: 'paid', fulfilment: { points: 5000 } });
    const account = await signedCall(env.base, SECRET, '/bill/userAccount/getUserAccount', { userId: user.userId }, headers);
    expect(account.data).toMatchObject({ availablePoint: 5300 });

    const forged = await deliver(stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe(ErrorCode.WEBHOOK_INVALID);
  });
});

import { createHmac } from 'node:crypto';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * Webhooks in the account page (issue 19, decision 038): an endpoint pointing at a receiver on
 * loopback is added, its signing secret shown once, a test event is sent and arrives signed, and
 * the delivery log shows it delivered with the receiver's 200; "Send again" adds an attempt.
 */
/** `Voxwork-Signature: t=…,v1=…` checked as a receiver would: HMAC-SHA256 of "<t>.<raw body>". */
function signedBy(header: string, body: string, secret: string): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
  return Boolean(t && v1 === createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
}

test('en, 1280 px: add an endpoint, send a test event to a local receiver, see it in the log', async ({ page, context, baseURL }, testInfo) => {
  const receiver = await startWebhookReceiver();
  try {
    await context.addCookies([await freshUserCookie(baseURL!, 'webhooks')]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/workbench/account');
    const panel = page.getByTestId('account-webhooks');
    await expect(panel.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(panel.getByTestId('webhooks-none')).toHaveText('You have no webhook endpoints yet.');

    await panel.getByLabel('URL', { exact: true }).fill('ftp://example.com');
    await panel.getByTestId('webhook-create').click();
    await expect(panel.getByRole('alert')).toHaveText('Enter an http:// or https:// URL.');
    await panel.getByLabel('URL', { exact: true }).fill(receiver.url);
    await panel.getByTestId('webhook-event-points.low').check();
    await panel.getByTestId('webhook-create').click();

    const box = panel.getByTestId('webhook-secret-box');
    await expect(box).toContainText('it is shown only this once');
    const secret = await box.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await box.getByTestId('webhook-secret-done').click();

    const row = panel.getByTestId('webhook-row').first();
    await expect(row.getByTestId('webhook-row-url')).toHaveText(receiver.url);
    await expect(row).toContainText('Job succeeded · Job failed · Points running low');
    await row.getByTestId('webhook-send-test').click();
    await expect(page.getByText('Test event sent: your server answered 200.')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers['voxwork-event']).toBe('test');
    expect(signedBy(receiver.received[0]!.headers['voxwork-signature'] as string, receiver.received[0]!.body, secret)).toBe(true);

    const delivery = row.getByTestId('webhook-delivery').first();
    await expect(delivery).toHaveAttribute('data-status', 'delivered');
    await expect(delivery).toContainText('Test event');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery.getByTestId('webhook-delivery-responses')).toHaveText('200');
    await delivery.getByTestId('webhook-send-again').click();
    await expect(page.getByText('Sent again: your server answered 200.')).toBeVisible();
    await expect(delivery.getByTestId('webhook-delivery-responses')).toHaveText('200, 200');
    await expect(delivery).toContainText('2 attempts');
    expect(receiver.received).toHaveLength(2);
    await fullPageShot(page, testInfo.outputPath('en-1280-webhooks.png'));

    // In Chinese, the same log.
    await page.goto('/zh/workbench/account');
    const zhPanel = page.getByTestId('account-webhooks');
    await zhPanel.getByTestId('webhook-toggle-log').click();
    await expect(zhPanel.getByTestId('webhook-delivery').first()).toContainText('已送达');
    await expect(zhPanel.getByTestId('webhook-delivery').first()).toContainText('2 次尝试');
  } finally {
    await receiver.close();
  }
});

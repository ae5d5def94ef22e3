import { freshUserCookie } from './route-list.ts';
import { expect, fullPageShot, test } from './fixtures.ts';

/**
 * API keys in the account page (issue 19): in English at 1440 px a key for text to speech is
 * created, its secret shown once and copied, it works on `/api/v1`, its last use shows after a
 * reload, and a revoke is refused by the API at once; in Chinese at 375 px in dark mode a
 * read-only key with an expiry, without horizontal scrolling. Screenshots go to the test's output folder.
 */

test('en, 1440 px: create a key, copy its secret once, use it, see its last use, revoke it', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([await freshUserCookie(baseURL!, 'api-keys')]);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/workbench/account');
  const panel = page.getByTestId('account-api-keys');
  await expect(panel.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expect(panel.getByTestId('api-keys-none')).toHaveText('You have no API keys yet.');

  await panel.getByTestId('api-key-create').click();
  await expect(panel.getByRole('alert')).toHaveText('Give the key a name (1 to 60 characters).');
  await panel.getByLabel('Name', { exact: true }).fill('Catalogue script');
  await panel.getByTestId('api-key-all-tools').uncheck();
  await panel.getByTestId('api-key-create').click();
  await expect(panel.getByRole('alert')).toHaveText('Choose at least one tool.');
  await panel.getByLabel('Text to speech', { exact: true }).check();
  await panel.getByTestId('api-key-create').click();

  const box = panel.getByTestId('api-key-secret-box');
  await expect(box).toContainText('Your new key “Catalogue script”');
  await expect(box).toContainText('it is shown only this once');
  const secret = await box.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^vx_live_[A-Za-z0-9_-]{43}$/);
  await box.getByTestId('api-key-copy').click();
  await expect(page.getByText('Key copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await fullPageShot(page, testInfo.outputPath('en-1440-created.png'));

  const row = panel.getByTestId('api-key-row').first();
  await expect(row).toContainText('Catalogue script');
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${secret.slice(0, 12)}…`);
  await expect(row.getByTestId('api-key-scopes')).toHaveText('Text to speech · Read and write');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  await box.getByTestId('api-key-done').click();
  await expect(box).toBeHidden();

  const balance = await page.request.get('/api/v1/account/balance', { headers: { authorization: `Bearer ${secret}` } });
  expect(balance.status()).toBe(200);
  expect(await balance.json()).toMatchObject({ code: 0, data: { planId: 'free' } });

  // The secret is never shown again: after a reload only its prefix is there.
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await page.emulateMedia({ colorScheme: 'dark' });
  await fullPageShot(page, testInfo.outputPath('en-1440-list-dark.png'));
  await page.emulateMedia({ colorScheme: 'light' });

  await row.getByTestId('api-key-revoke').click();
  await expect(row.getByRole('alert')).toContainText('Revoke “Catalogue script”? Calls made with it are refused at once.');
  await row.getByTestId('api-key-revoke-confirm').click();
  await expect(page.getByText('The key was revoked.')).toBeVisible();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  await expect(row.getByTestId('api-key-revoke')).toHaveCount(0);
  const refused = await page.request.get('/api/v1/account/balance', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('This API key has been revoked. Create a new key in your account settings.');
});

test('zh, 375 px, dark: a read-only key that expires in 30 days', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([await freshUserCookie(baseURL!, 'api-keys-zh')]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/workbench/account');
  const panel = page.getByTestId('account-api-keys');
  await expect(panel.getByRole('heading', { name: 'API 密钥' })).toBeVisible();
  await panel.getByLabel('名称', { exact: true }).fill('数据看板');
  await panel.getByTestId('api-key-read-only').check();
  await panel.getByLabel('有效期').selectOption({ label: '30 天后过期' });
  await panel.getByRole('button', { name: '创建密钥' }).click();
  const box = panel.getByTestId('api-key-secret-box');
  await expect(box).toContainText('你的新密钥“数据看板”');
  await expect(box.getByRole('button', { name: '复制' })).toBeVisible();
  const row = panel.getByTestId('api-key-row').first();
  await expect(row.getByTestId('api-key-scopes')).toContainText('文本转语音');
  await expect(row.getByTestId('api-key-scopes')).toContainText('· 只读');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('从未使用');
  await expect(row.getByTestId('api-key-status')).toHaveText('有效');
  await expect(row).toContainText('过期时间');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await fullPageShot(page, testInfo.outputPath('zh-375-dark.png'));

  const secret = await box.getByTestId('api-key-secret').inputValue();
  const create = await page.request.post('/api/v1/tools/text-to-speech/jobs', {
    headers: { authorization: `Bearer ${secret}`, 'accept-language': 'zh-CN' },
    data: { text: '你好。', voiceKey: 'espeak:espeak-ng/cmn+f3' },
  });
  expect(create.status()).toBe(403);
  expect((await create.json()).message).toBe('此 API 密钥为只读：不能创建或修改任何内容。');
});

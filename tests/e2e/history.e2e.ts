import type { BrowserContext, Page } from '@playwright/test';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { expect, test } from './fixtures.ts';

/**
 * The content history and share links (issue 6 item 9), in English at 1440 px and in Chinese at
 * 375 px: a real self-check job (ffmpeg renders and encodes an MP3 in real time) goes from running
 * to done live (the page holds the job stream while a listed job is active), is renamed, played, downloaded, shared (the link opened in a fresh context), the
 * link revoked, and the job deleted.
 */

const LOCALES = [
  {
    prefix: '',
    viewport: { width: 1440, height: 900 },
    text: {
      running: 'Running',
      done: 'Done',
      open: 'Open',
      download: 'Download',
      share: 'Share',
      rename: 'Rename',
      delete: 'Delete',
      createLink: 'Create a link',
      revoke: 'Revoke',
      confirmDelete: 'Delete',
      empty: 'Nothing here yet',
      filteredEmpty: 'No jobs match these filters.',
      invalid: 'This link is invalid or has expired',
      newTitle: 'My test tone',
      menu: (title: string) => `Actions for “${title}”`,
    },
  },
  {
    prefix: '/zh',
    viewport: { width: 375, height: 812 },
    text: {
      running: '进行中',
      done: '已完成',
      open: '打开',
      download: '下载',
      share: '分享',
      rename: '重命名',
      delete: '删除',
      createLink: '创建链接',
      revoke: '撤销',
      confirmDelete: '删除',
      empty: '这里还没有内容',
      filteredEmpty: '没有符合筛选条件的任务。',
      invalid: '链接无效或已过期',
      newTitle: '我的测试音',
      menu: (title: string) => `“${title}”的操作`,
    },
  },
] as const;

async function signIn(context: BrowserContext, baseURL: string, label: string) {
  const user = await createVerifiedUser(baseURL, process.env.E2E_DATA_DIR ?? '', `history-${label}-${Date.now()}@example.com`);
  const value = { token: user.token, userId: user.userId, nickName: 'History User', email: '', isGuest: false };
  await context.addCookies([{ name: 'user_info', value: encodeURIComponent(JSON.stringify(value)), url: baseURL }]);
  return user;
}

/** Opens a history row's actions menu (its button is named after the job) and picks an item. */
async function menuItem(page: Page, menuLabel: string, name: string) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

for (const { prefix, viewport, text } of LOCALES) {
  test(`history ${prefix || '/'}: a real job runs live, is renamed, played, downloaded, shared, revoked and deleted (${viewport.width} px)`, async ({ page, context, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const user = await signIn(context, baseURL!, prefix ? 'zh' : 'en');

    await page.goto(`${prefix}/workbench/home`);
    const history = page.getByTestId('content-history');
    await expect(history.getByTestId('history-empty')).toContainText(text.empty);

    // A real job for this user (the operator's self-check call, as support would run it): 6 s of real-time encoding.
    const created = await signedCall(baseURL!, TEST_SIGN_SECRET, '/api/system/selfCheck/create', { durationSeconds: 6, frequencyHz: 523, ownerId: user.userId }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    expect(created.code).toBe(0);
    const jobId = (created.data as { jobId: string }).jobId;
    if (prefix) {
      // Started elsewhere: it shows when the page is loaded again.
      await page.reload();
    } else {
      // Announced on the page, as a tool page does right after queueing a job.
      await page.evaluate((id) => window.dispatchEvent(new CustomEvent('voxwork:job-announced', { detail: { jobId: id } })), jobId);
    }

    // It progresses live (the job stream), then ends as done without a reload.
    const item = history.locator(`[data-job-id="${jobId}"]`);
    await expect(item).toHaveAttribute('data-status', 'running', { timeout: 15_000 });
    await expect(item.getByTestId('history-status')).toHaveText(text.running);
    await expect(item.getByRole('progressbar')).toBeVisible();
    await expect(item).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(item.getByTestId('history-status')).toHaveText(text.done);
    await expect(item.getByRole('progressbar')).toHaveCount(0);
    await expect(item).toContainText('0:06');

    // Filters: no failed jobs; back to all.
    await history.getByTestId('history-filter-status').selectOption('failed');
    await expect(history.getByTestId('history-empty')).toContainText(text.filteredEmpty);
    await history.getByTestId('history-filter-status').selectOption('');
    await expect(item).toBeVisible();

    // Rename inline with the keyboard: Escape cancels, Enter saves (and it holds after a reload).
    const oldTitle = (await item.getByTestId('history-title').textContent())!;
    await menuItem(page, text.menu(oldTitle), text.rename);
    const field = item.getByRole('textbox');
    await expect(field).toBeFocused();
    await field.fill('not this');
    await field.press('Escape');
    await expect(item.getByTestId('history-title')).toHaveText(oldTitle);
    await expect(item.getByTestId('history-title')).toBeFocused();
    await menuItem(page, text.menu(oldTitle), text.rename);
    await item.getByRole('textbox').fill(text.newTitle);
    await item.getByRole('textbox').press('Enter');
    await expect(item.getByTestId('history-title')).toHaveText(text.newTitle);
    await page.reload();
    await expect(item.getByTestId('history-title')).toHaveText(text.newTitle);

    // Open: the result plays (the browser reads the MP3's metadata through the signed Range route).
    await item.getByTestId('history-title').click();
    const dialog = page.getByTestId('result-dialog');
    const audio = dialog.locator('audio');
    await expect(audio).toHaveCount(1);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(5.5);
    await audio.evaluate((element: HTMLAudioElement) => element.play());
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Download from the menu: an MP3 named after the job.
    const downloading = page.waitForEvent('download');
    await menuItem(page, text.menu(text.newTitle), text.download);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${text.newTitle}.mp3`);
    const saved = await download.createReadStream();
    let bytes = 0;
    for await (const chunk of saved) bytes += (chunk as Buffer).length;
    expect(bytes).toBeGreaterThan(10_000);

    // Share: create a link (copied to the clipboard) and open it in a fresh context (no account).
    await menuItem(page, text.menu(text.newTitle), text.share);
    const share = page.getByTestId('share-dialog');
    await share.getByRole('button', { name: text.createLink }).click();
    const url = await share.getByTestId('share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}${prefix}/share\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const visitor = await browser.newContext({ viewport });
    const visitorPage = await visitor.newPage();
    const visitorErrors: string[] = [];
    visitorPage.on('console', (message) => message.type() === 'error' && visitorErrors.push(message.text()));
    await visitorPage.goto(url);
    const shared = visitorPage.getByTestId('share-state');
    await expect(shared).toHaveAttribute('data-state', 'shared');
    await expect(visitorPage.getByTestId('shared-title')).toHaveText(text.newTitle);
    const publicAudio = shared.locator('audio');
    await expect.poll(() => publicAudio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(5.5);
    const href = await shared.getByTestId('media-download').getAttribute('href');
    const fetched = await visitorPage.request.get(href!);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('audio/mpeg');
    expect(await visitorPage.content()).not.toContain(user.userId);

    // Revoke: the link stops working at once.
    await share.getByRole('button', { name: text.revoke }).click();
    await expect(share.getByTestId('share-none')).toBeVisible();
    await page.keyboard.press('Escape');
    await visitorPage.reload();
    await expect(shared).toHaveAttribute('data-state', 'invalid');
    await expect(shared).toContainText(text.invalid);
    expect((await visitorPage.request.get(href!)).status()).toBe(404);
    expect(visitorErrors.filter((message) => !/status of 404/.test(message))).toEqual([]);
    await visitor.close();

    // Delete with confirmation: the job and its files are gone.
    await menuItem(page, text.menu(text.newTitle), text.delete);
    await page.getByTestId('delete-dialog').getByRole('button', { name: text.confirmDelete, exact: true }).click();
    await expect(item).toHaveCount(0);
    await expect(history.getByTestId('history-empty')).toContainText(text.empty);
    const gone = await signedCall(baseURL!, TEST_SIGN_SECRET, '/api/jobs/get', { jobId }, { authorization: `Bearer ${user.token}`, 'user-id': user.userId });
    expect(gone.code).toBe(2001);
  });
}

test('a tool page lists only its own jobs; /share without a token keeps its empty state', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  const user = await signIn(context, baseURL!, 'tool');
  const created = await signedCall(baseURL!, TEST_SIGN_SECRET, '/api/system/selfCheck/create', { durationSeconds: 1, frequencyHz: 440, ownerId: user.userId }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
  const jobId = (created.data as { jobId: string }).jobId;
  await page.goto('/workbench/home');
  await expect(page.locator(`[data-job-id="${jobId}"]`)).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  // A tool's own history (subtitle burn-in) does not list the operator's self-check job.
  await page.goto('/workbench/ai-tools/subtitle-burn-in');
  await expect(page.getByTestId('content-history').getByTestId('history-empty')).toBeVisible();
  await expect(page.getByTestId('history-filter-tool')).toHaveCount(0);
  await page.goto('/zh/share');
  await expect(page.getByTestId('share-state')).toHaveAttribute('data-state', 'empty');
});

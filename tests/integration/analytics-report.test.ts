import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createAnalyticsReportService } from '@voxwork/core';
import { createEventRepository, migrateDatabase, openDatabase, type NewAnalyticsEventRow } from '@voxwork/db';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server-process.ts';
import { freshPglite } from '../support/test-database.ts';

const run = promisify(execFile);
const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');

/** Yesterday: 3 visits in one English email session + a sign-up; today: 2 visits in one Chinese direct session. */
function seed(base = now.getTime()): NewAnalyticsEventRow[] {
  const visit = (at: number, pathName: string, language: string, source: string, landing: boolean, user: string): NewAnalyticsEventRow => ({
    eventTime: new Date(at),
    eventName: 'page_visit',
    ingest: 'log',
    userId: user,
    language,
    path: pathName,
    trafficSource: source,
    country: language === 'zh' ? 'CN' : 'US',
    payload: { event_name: 'page_visit', properties: landing ? { new_session: true } : {} },
  });
  return [
    visit(base - DAY, '/', 'en', 'email', true, 'guest_a'),
    visit(base - DAY + 1000, '/pricing', 'en', 'email', false, 'guest_a'),
    visit(base - DAY + 2000, '/', 'en', 'email', false, 'guest_a'),
    { eventTime: new Date(base - DAY + 3000), eventName: 'sign_up', ingest: 'log', userId: 'guest_a', payload: {} },
    visit(base, '/zh', 'zh', 'direct', true, 'guest_b'),
    visit(base + 1000, '/zh/pricing', 'zh', 'direct', false, 'guest_b'),
    visit(base - 30 * DAY, '/old', 'en', 'referral', true, 'guest_c'),
  ];
}

describe('analytics report', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voxwork-report-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('counts daily visits, visitors and sign-ups, top pages, landing sources, languages and countries', async () => {
    const database = await freshPglite();
    try {
      const events = createEventRepository(database.db);
      await events.insertMany(seed());
      const report = await createAnalyticsReportService({ events, now: () => now }).report(2);
      expect(report.since).toBe('2026-03-09');
      expect(report.daily).toEqual([
        { day: '2026-03-09', pageVisits: 3, visitors: 1, signUps: 1 },
        { day: '2026-03-10', pageVisits: 2, visitors: 1, signUps: 0 },
      ]);
      expect(report.topPages[0]).toEqual({ key: '/', events: 2 });
      expect(report.trafficSources).toEqual([{ key: 'direct', events: 1 }, { key: 'email', events: 1 }]);
      expect(report.languages).toEqual([{ key: 'en', events: 3 }, { key: 'zh', events: 2 }]);
      expect(report.countries).toEqual([{ key: 'US', events: 3 }, { key: 'CN', events: 2 }]);
    } finally {
      await database.close();
    }
  });

  it('npm run analytics:report prints it in Chinese from the embedded database', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrateDatabase(database);
    await createEventRepository(database.db).insertMany(seed(Date.now()));
    await database.close();

    const env = { ...process.env, VOXWORK_ENV_FILE: '', DATA_DIR: dataDir, DATABASE_URL: '' };
    const zh = await run(process.execPath, ['scripts/analytics-report.ts', '--days', '2', '--lang', 'zh'], { cwd: REPO_ROOT, env });
    expect(zh.stdout).toContain('最近 2 天');
    expect(zh.stdout).toMatch(/合计\s+5\s+1/);
    expect(zh.stdout).toContain('邮件');
    expect(zh.stdout).toContain('直接访问');
    const en = await run(process.execPath, ['scripts/analytics-report.ts', '--days', '2'], { cwd: REPO_ROOT, env });
    expect(en.stdout).toContain('Traffic sources (landing visits)');
    expect(en.stdout).toMatch(/\/pricing/);
  });
});

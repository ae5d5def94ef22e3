/**
 * analytics:report — the operator's view of the events table: daily page visits and sign-ups,
 * top pages, traffic sources, languages and countries, in English or Chinese.
 *
 *   npm run analytics:report -- [--days 7] [--lang zh]
 *       reads the database of this machine's configuration (DATABASE_URL, or PGlite in DATA_DIR/db;
 *       PGlite is single-process, so stop the server first — or use --url)
 *   npm run analytics:report -- --url http://localhost:3000 [--token $OPERATOR_TOKEN]
 *       asks a running server (operator call /api/log/report)
 *
 * Sign-ups are `sign_up` events until accounts record their own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { logReportCall, type AnalyticsReport } from '@voxwork/contract';
import { createApiClient } from '@voxwork/contract/client';
import { createAnalyticsReportService } from '@voxwork/core';
import { createEventRepository, DataDirectoryLockedError, migrateDatabase, openDatabase } from '@voxwork/db';
import { ConfigError, loadConfig, REPO_ROOT } from '../apps/server/src/config.ts';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '7' },
    lang: { type: 'string', default: 'en' },
    url: { type: 'string' },
    token: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const days = Number(values.days);
const lang = values.lang === 'zh' ? 'zh' : 'en';

const text = {
  en: {
    title: (since: string, n: number) => `Voxwork analytics — last ${n} day(s) since ${since} (UTC)`,
    daily: 'Daily',
    day: 'day',
    pageVisits: 'page visits',
    visitors: 'visitors',
    signUps: 'sign-ups',
    topPages: 'Top pages (page visits)',
    trafficSources: 'Traffic sources (landing visits)',
    languages: 'Languages (page visits)',
    countries: 'Countries (page visits)',
    none: '(none)',
    unknown: '(unknown)',
    total: 'total',
    badDays: '--days must be a whole number from 1 to 366',
    locked: 'The embedded database is open in the running server. Stop it, or ask it: --url http://localhost:3000 --token <OPERATOR_TOKEN>',
    sources: {
      direct: 'direct', own_media: 'own media', paid_search: 'paid search', paid_social: 'paid social',
      organic_search: 'organic search', social: 'social', email: 'email', referral: 'referral',
    } as Record<string, string>,
  },
  zh: {
    title: (since: string, n: number) => `Voxwork 数据报告 — 自 ${since} 起最近 ${n} 天（UTC）`,
    daily: '每日',
    day: '日期',
    pageVisits: '页面访问',
    visitors: '访客',
    signUps: '注册',
    topPages: '热门页面（页面访问）',
    trafficSources: '流量来源（落地访问）',
    languages: '语言（页面访问）',
    countries: '国家/地区（页面访问）',
    none: '（无）',
    unknown: '（未知）',
    total: '合计',
    badDays: '--days 必须是 1 到 366 之间的整数',
    locked: '内置数据库正被运行中的服务器使用。请先停止服务器，或通过接口查询：--url http://localhost:3000 --token <OPERATOR_TOKEN>',
    sources: {
      direct: '直接访问', own_media: '自有媒体', paid_search: '付费搜索', paid_social: '付费社交',
      organic_search: '自然搜索', social: '社交媒体', email: '邮件', referral: '外部引荐',
    } as Record<string, string>,
  },
}[lang];

if (!Number.isInteger(days) || days < 1 || days > 366) {
  console.error(text.badDays);
  process.exit(64);
}

const report = values.url ? await fromServer(values.url) : await fromDatabase();
if (values.json) console.log(JSON.stringify(report, null, 2));
else print(report);

async function fromServer(url: string): Promise<AnalyticsReport> {
  const config = loadConfig({ ...process.env });
  const client = createApiClient({
    baseUrl: url.replace(/\/$/, ''),
    secret: config.API_SIGN_SECRET,
    getIdentity: () => ({ token: values.token ?? config.OPERATOR_TOKEN }),
    getLocale: () => lang,
    notify: (message) => console.error(message),
  });
  return client.call(logReportCall, { days });
}

async function fromDatabase(): Promise<AnalyticsReport> {
  const envFile = process.env.VOXWORK_ENV_FILE ?? path.join(REPO_ROOT, '.env');
  if (envFile && existsSync(envFile)) process.loadEnvFile(envFile);
  let config;
  try {
    config = loadConfig({ ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.dataDir}/db` });
  } catch (error) {
    if (error instanceof DataDirectoryLockedError) {
      console.error(text.locked);
      process.exit(75);
    }
    throw error;
  }
  try {
    await migrateDatabase(database);
    return await createAnalyticsReportService({ events: createEventRepository(database.db) }).report(days);
  } finally {
    await database.close();
  }
}

function print(data: AnalyticsReport) {
  const width = (value: string) => [...value].reduce((sum, char) => sum + (/[\u1100-\uffff]/.test(char) ? 2 : 1), 0);
  const pad = (value: string, size: number) => value + ' '.repeat(Math.max(0, size - width(value)));
  const table = (title: string, rows: { key: string | null; events: number }[], label: (key: string | null) => string = (key) => key ?? text.unknown) => {
    console.log(`\n${title}`);
    if (rows.length === 0) return console.log(`  ${text.none}`);
    const total = rows.reduce((sum, row) => sum + row.events, 0);
    const size = Math.max(...rows.map((row) => width(label(row.key)))) + 2;
    for (const row of rows) console.log(`  ${pad(label(row.key), size)}${String(row.events).padStart(7)}  ${((row.events / total) * 100).toFixed(1).padStart(5)}%`);
  };
  console.log(text.title(data.since, data.days));
  console.log(`\n${text.daily}`);
  const headers = [text.day, text.pageVisits, text.visitors, text.signUps];
  console.log(`  ${pad(headers[0]!, 12)}${headers.slice(1).map((header) => pad(header, 14)).join('')}`);
  for (const row of data.daily) {
    console.log(`  ${pad(row.day, 12)}${[row.pageVisits, row.visitors, row.signUps].map((value) => pad(String(value), 14)).join('')}`);
  }
  const sum = (key: 'pageVisits' | 'signUps') => data.daily.reduce((total, row) => total + row[key], 0);
  console.log(`  ${pad(text.total, 12)}${pad(String(sum('pageVisits')), 14)}${pad('', 14)}${pad(String(sum('signUps')), 14)}`);
  table(text.topPages, data.topPages);
  table(text.trafficSources, data.trafficSources, (key) => (key ? (text.sources[key] ?? key) : text.unknown));
  table(text.languages, data.languages);
  table(text.countries, data.countries);
}

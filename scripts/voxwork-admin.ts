/**
 * Operator command line. Talks to a running server through the operator calls (so it works the
 * same for the embedded default and a scaled-out deployment), authenticated by OPERATOR_TOKEN.
 *
 *   npm run admin -- gift-codes create --count 100 --points 500 [--plan pro --days 30] [--max 1]
 *                     [--per-user 1] [--expires 2027-01-31] [--note "launch"] [--code WELCOME] [--out codes.csv]
 *   npm run admin -- gift-codes list [--batch B20261122-XXXXXX] [--out codes.csv]
 *   npm run admin -- gift-codes disable (--batch B… | --code CODE [--code CODE …])
 *   npm run admin -- points adjust --user USER_ID --points 1000 --reason "support: refund of job …"
 *
 * Environment: VOXWORK_URL (default http://localhost:$PORT or :3000), OPERATOR_TOKEN, API_SIGN_SECRET.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { giftCodesCreateCall, giftCodesDisableCall, giftCodesListCall, pointsAdjustCall, type GiftCodeView } from '@voxwork/contract';
import { ApiError, createApiClient, HttpError } from '@voxwork/contract/client';

const root = path.resolve(import.meta.dirname, '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const [area, action, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    count: { type: 'string' },
    points: { type: 'string' },
    plan: { type: 'string' },
    days: { type: 'string' },
    max: { type: 'string' },
    'per-user': { type: 'string' },
    expires: { type: 'string' },
    note: { type: 'string' },
    code: { type: 'string', multiple: true },
    batch: { type: 'string' },
    out: { type: 'string' },
    user: { type: 'string' },
    reason: { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const token = process.env.OPERATOR_TOKEN || fail('OPERATOR_TOKEN is not set (the same value as the server’s).');
const client = createApiClient({
  baseUrl: process.env.VOXWORK_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
  secret: process.env.API_SIGN_SECRET ?? 'voxwork-public-signing-key',
  getIdentity: () => ({ token }),
  notify: (message) => process.stderr.write(`${message}\n`),
});
const int = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) fail(`--${name} must be a whole number`);
  return parsed;
};

function toCsv(codes: readonly GiftCodeView[]): string {
  const columns = ['code', 'batchId', 'points', 'planId', 'vipDays', 'maxRedemptions', 'redemptions', 'perUserLimit', 'expiresAt', 'disabledAt', 'note', 'createdAt'] as const;
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...codes.map((code) => columns.map((column) => cell(code[column])).join(','))].join('\n') + '\n';
}

async function output(codes: readonly GiftCodeView[]) {
  const csv = toCsv(codes);
  if (values.out) {
    await writeFile(values.out, csv);
    process.stdout.write(`${codes.length} codes written to ${values.out}\n`);
  } else process.stdout.write(csv);
}

try {
  if (area === 'gift-codes' && action === 'create') {
    const points = int('points', values.points) ?? 0;
    const result = await client.call(giftCodesCreateCall, {
      count: int('count', values.count) ?? 1,
      points,
      ...(values.plan ? { planId: values.plan as 'pro' | 'business' } : {}),
      ...(values.days ? { vipDays: int('days', values.days)! } : {}),
      ...(values.max ? { maxRedemptions: int('max', values.max)! } : {}),
      ...(values['per-user'] ? { perUserLimit: int('per-user', values['per-user'])! } : {}),
      ...(values.expires ? { expiresAt: new Date(values.expires).toISOString() } : {}),
      ...(values.note ? { note: values.note } : {}),
      ...(values.code?.[0] ? { code: values.code[0] } : {}),
    });
    process.stderr.write(`batch ${result.batchId}: ${result.codes.length} codes\n`);
    await output(result.codes);
  } else if (area === 'gift-codes' && action === 'list') {
    await output((await client.call(giftCodesListCall, values.batch ? { batchId: values.batch } : {})).codes);
  } else if (area === 'gift-codes' && action === 'disable') {
    const result = await client.call(giftCodesDisableCall, values.batch ? { batchId: values.batch } : { codes: values.code ?? [] });
    process.stdout.write(`${result.disabled} codes disabled\n`);
  } else if (area === 'points' && action === 'adjust') {
    const result = await client.call(pointsAdjustCall, {
      userId: values.user ?? fail('--user is required'),
      points: int('points', values.points) ?? fail('--points is required'),
      reason: values.reason ?? fail('--reason is required'),
      requestId: randomUUID(),
    });
    process.stdout.write(`available ${result.availablePoint}, frozen ${result.freezePoint}\n`);
  } else {
    fail('usage: npm run admin -- gift-codes create|list|disable … | points adjust … (see scripts/voxwork-admin.ts)');
  }
} catch (error) {
  if (error instanceof ApiError || error instanceof HttpError) process.exit(1);
  fail(`could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
}

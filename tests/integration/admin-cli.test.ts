import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer, TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET, type ServerProcess } from '../support/server-process.ts';

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voxwork-admin-'));
  server = await startServer({ ROLE: 'api', DATA_DIR: dir });
});
afterAll(async () => {
  await server.kill();
  await rm(dir, { recursive: true, force: true });
});

function admin(...args: string[]) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/voxwork-admin.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', VOXWORK_URL: server.baseUrl, OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, API_SIGN_SECRET: TEST_SIGN_SECRET },
  });
}

describe('operator command line', () => {
  it('creates a batch as CSV, lists it and disables it', async () => {
    const created = admin('gift-codes', 'create', '--count', '3', '--points', '250', '--note', 'launch, wave 1', '--out', 'codes.csv');
    expect(created.status, created.stderr).toBe(0);
    const csv = await readFile(path.join(dir, 'codes.csv'), 'utf8');
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toBe('code,batchId,points,planId,vipDays,maxRedemptions,redemptions,perUserLimit,expiresAt,disabledAt,note,createdAt');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('"launch, wave 1"');
    const batch = rows[0]!.split(',')[1]!;
    expect(admin('gift-codes', 'list', '--batch', batch).stdout.trim().split('\n')).toHaveLength(4);
    const disabled = admin('gift-codes', 'disable', '--batch', batch);
    expect(disabled.stdout).toBe('3 codes disabled\n');
  });

  it('explains a bad request instead of failing silently', () => {
    const bad = admin('gift-codes', 'create', '--count', '2', '--points', '0');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/Invalid value/);
    const unknownUser = admin('points', 'adjust', '--user', 'nobody', '--points', '5', '--reason', 'test grant');
    expect(unknownUser.status).toBe(1);
    expect(unknownUser.stderr).toMatch(/This account does not exist/);
    expect(admin('nonsense').stderr).toMatch(/usage:/);
  });
});

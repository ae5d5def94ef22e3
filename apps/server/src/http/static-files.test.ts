import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, loadClientBuild, matchesEtag } from './static-files.ts';

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('GZIP; Q=1, BR;q=0.1')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, gzip;q=0')).toEqual(['br']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('deflate')).toEqual([]);
  });
});

describe('If-None-Match', () => {
  const etags = new Set(['"abc"', '"abc-br"']);
  it('matches any representation, weak or strong, in a list, or *', () => {
    expect(matchesEtag('"abc"', etags)).toBe(true);
    expect(matchesEtag('W/"abc-br"', etags)).toBe(true);
    expect(matchesEtag('"zzz", "abc-br"', etags)).toBe(true);
    expect(matchesEtag('*', etags)).toBe(true);
    expect(matchesEtag('"abc-gz"', etags)).toBe(false);
    expect(matchesEtag('abc', etags)).toBe(false);
  });
});

describe('the client build in memory', () => {
  let dir: string;
  const html = '<!doctype html><title>x</title>' + 'text '.repeat(400);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-static-'));
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await mkdir(path.join(dir, 'pricing'), { recursive: true });
    await mkdir(path.join(dir, '.vite'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), html);
    await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(html));
    await writeFile(path.join(dir, 'index.html.gz'), gzipSync(html));
    await writeFile(path.join(dir, 'pricing', 'index.html'), html);
    await writeFile(path.join(dir, 'assets', 'app-123.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'other.html'), 'not served');
    await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
    await writeFile(path.join(dir, 'pricing.data'), '[]');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves pages at their folder URL, files at their path, and nothing else', async () => {
    const { pages, files } = await loadClientBuild(dir, { cacheControl: () => 'public, max-age=0' });
    expect([...pages.keys()].sort()).toEqual(['/', '/pricing', '/pricing/']);
    expect([...files.keys()].sort()).toEqual(['/assets/app-123.js', '/pricing.data']);
    expect(files.get('/pricing.data')!.representations.identity.headers['content-type']).toBe('text/x-script');
    expect(files.get('/assets/app-123.js')!.representations.identity.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('keeps the precompressed siblings with one strong ETag each, Vary only where there is a choice', async () => {
    const { pages } = await loadClientBuild(dir, { cacheControl: () => 'no-cache', extraHeaders: () => ({ 'x-extra': '1' }) });
    const home = pages.get('/')!;
    const { identity, br, gzip } = home.representations;
    expect(br!.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding', 'cache-control': 'no-cache', 'x-extra': '1' });
    expect(gzip!.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(html);
    expect(new Set([identity.headers.etag, br!.headers.etag, gzip!.headers.etag]).size).toBe(3);
    expect(home.etags).toEqual(new Set([identity.headers.etag, br!.headers.etag, gzip!.headers.etag]));
    expect(br!.notModified).toEqual({ etag: br!.headers.etag, 'cache-control': 'no-cache', vary: 'accept-encoding' });
    const plain = pages.get('/pricing')!;
    expect(plain.representations.br).toBeUndefined();
    expect(plain.representations.identity.headers.vary).toBeUndefined();
    // Same bytes, same ETag.
    expect(plain.representations.identity.headers.etag).toBe(identity.headers.etag);
  });
});

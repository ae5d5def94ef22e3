import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createNonce, createSecurityHeaders, inlineScriptHashes, securitySettingsFromConfig, type SecurityHeaderSettings } from './security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const base: SecurityHeaderSettings = { publicUrl: 'http://localhost:3000', connectOrigins: [], mediaOrigins: [], analytics: false, trustedProxies: [] };
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `) || part === name);

describe('inline script hashes of a static page', () => {
  it('hashes executable inline scripts exactly as written, and only those', () => {
    const html = [
      '<script id="color-mode">(function(){document.documentElement.className="dark"})()</script>',
      '<script type="module" async="">import "/assets/a.js";\n</script>',
      '<script type="text/javascript">a()</script>',
      '<script id="voxwork-messages" type="application/json">{"a":"</b>"}</script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script src="/assets/b.js"></script>',
      '<script>$RC("B:1","S:1")</script>',
      '<script>$RC("B:1","S:1")</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      sha('(function(){document.documentElement.className="dark"})()'),
      sha('import "/assets/a.js";\n'),
      sha('a()'),
      sha('$RC("B:1","S:1")'),
    ]);
  });

  it('hashes non-ASCII text as UTF-8', () => {
    expect(inlineScriptHashes('<script>var s="中文"</script>')).toEqual([sha('var s="中文"')]);
  });
});

describe('content security policy', () => {
  it('allows scripts from this origin and the given hashes or nonce only: never unsafe-inline or eval', () => {
    const headers = createSecurityHeaders(base);
    const hashed = headers.policyWithHashes(["'sha256-abc'", "'sha256-def'"]);
    expect(directive(hashed, 'script-src')).toBe("script-src 'self' 'sha256-abc' 'sha256-def' 'report-sample'");
    const nonced = headers.policyWithNonce('bm9uY2U=');
    expect(directive(nonced, 'script-src')).toBe("script-src 'self' 'nonce-bm9uY2U=' 'report-sample'");
    for (const policy of [hashed, nonced]) {
      expect(directive(policy, 'default-src')).toBe("default-src 'self'");
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
      expect(directive(policy, 'form-action')).toBe("form-action 'self'");
      expect(directive(policy, 'media-src')).toBe("media-src 'self' data: blob:");
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self' data: blob:");
      expect(policy).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
      expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
    }
  });

  it('adds the API, log and media origins where the browser reaches them, never this origin twice', () => {
    const headers = createSecurityHeaders({
      ...base,
      connectOrigins: ['https://api.voxwork.example', 'http://localhost:3000'],
      mediaOrigins: ['https://s3.example'],
    });
    const policy = headers.policyWithNonce('x');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' data: blob: https://api.voxwork.example https://s3.example");
    expect(directive(policy, 'media-src')).toBe("media-src 'self' data: blob: https://s3.example");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://s3.example");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-x' 'report-sample'");
  });

  it('allows the analytics tag only when a measurement id is configured', () => {
    expect(createSecurityHeaders(base).policyWithNonce('x')).not.toContain('google');
    const policy = createSecurityHeaders({ ...base, analytics: true }).policyWithNonce('x');
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-x' https://www.googletagmanager.com 'report-sample'");
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
  });

  it('over HTTPS: HSTS in the document headers and upgrade-insecure-requests', () => {
    const headers = createSecurityHeaders({ ...base, publicUrl: 'https://voxwork.example' });
    expect(headers.document['strict-transport-security']).toBe('max-age=31536000');
    expect(headers.hstsPerRequest).toBe(false);
    expect(headers.policyWithHashes([])).toContain('upgrade-insecure-requests');
    expect(createSecurityHeaders(base).document['strict-transport-security']).toBeUndefined();
  });

  it('reads the settings from the configuration: S3 endpoint, log and API origins, analytics ids', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000/', LOG_BASE_URL: 'https://log.example/base', ANALYTICS_MEASUREMENT_ID_MOBILE: 'G-ABCD1234' });
    const settings = securitySettingsFromConfig(config, { PUBLIC_API_URL: 'https://api.example/v1' });
    expect(settings.mediaOrigins).toEqual(['http://127.0.0.1:9000']);
    expect(settings.connectOrigins).toEqual(['https://api.example', 'https://log.example']);
    expect(settings.analytics).toBe(true);
    const aws = securitySettingsFromConfig(loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }), {});
    expect(aws.mediaOrigins).toEqual(['https://s3.eu-west-1.amazonaws.com']);
    expect(securitySettingsFromConfig(loadConfig({}), {})).toMatchObject({ mediaOrigins: [], connectOrigins: [], analytics: false });
  });

  it('makes a new 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

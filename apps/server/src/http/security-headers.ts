import { createHash, randomBytes } from 'node:crypto';
import type { BlockList } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseTrustedProxies } from '../analytics/client-address.ts';
import type { LoadedConfig } from '../config.ts';

/**
 * Security headers of the web role (decision 024). Every response gets `nosniff`; every HTML
 * document gets a Content-Security-Policy whose scripts are limited to this origin plus either the
 * SHA-256 hashes of the page's own inline scripts (prerendered pages: static HTML, hashed once at
 * load) or a per-request nonce (pages rendered by React Router), never `'unsafe-inline'`.
 */
export interface SecurityHeaderSettings {
  /** PUBLIC_URL (or the default http://localhost:PORT): an https one means the site is served over HTTPS. */
  publicUrl: string;
  /** Origins the browser calls besides this one: PUBLIC_API_URL, LOG_BASE_URL. */
  connectOrigins: readonly string[];
  /** Origins media links point at besides this one (S3-compatible storage). */
  mediaOrigins: readonly string[];
  /** An analytics measurement id is configured: the page may load gtag.js after consent. */
  analytics: boolean;
  /** TRUSTED_PROXIES: their X-Forwarded-Proto tells whether the visitor used HTTPS. */
  trustedProxies: readonly string[];
}

/** gtag.js and where it sends its hits (Google's documented CSP for Google Analytics 4). */
const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const ANALYTICS_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/** One year; no includeSubDomains or preload: other hosts under the operator's domain are not ours to commit. */
export const HSTS_VALUE = 'max-age=31536000';

/** Powerful features off, except the microphone for this origin (the recorder). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export interface SecurityHeaders {
  /** Headers for every response (API JSON, media, assets, pages). */
  readonly everyResponse: Readonly<Record<string, string>>;
  /** Headers for every HTML document besides its CSP (frames, referrer, permissions; HSTS when PUBLIC_URL is https). */
  readonly document: Readonly<Record<string, string>>;
  /** The policy for a static page whose inline scripts have these CSP hash sources (`'sha256-…'`). */
  policyWithHashes(hashSources: readonly string[]): string;
  /** The policy for a rendered page whose inline scripts carry this nonce. */
  policyWithNonce(nonce: string): string;
  /** A policy for HTML answered outside the web app (e.g. the payment sandbox's page): no scripts at all. */
  readonly scriptlessPolicy: string;
  /** HSTS is due on this request: the socket is TLS, or a trusted proxy says the visitor used HTTPS (always true when PUBLIC_URL is https). */
  servedOverHttps(request: FastifyRequest): boolean;
  /** Sets the document headers on an HTML answer, HSTS included when due. */
  applyDocumentHeaders(request: FastifyRequest, reply: FastifyReply): void;
  /** HSTS is decided per request (PUBLIC_URL is not https, so `document` does not carry it). */
  readonly hstsPerRequest: boolean;
}

export function securitySettingsFromConfig(config: LoadedConfig, env: Record<string, string | undefined> = process.env): SecurityHeaderSettings {
  const origins = (values: (string | undefined)[]) => [...new Set(values.map(originOf).filter((origin): origin is string => Boolean(origin)))];
  return {
    publicUrl: config.publicUrl,
    // Read from the environment like the web app's public config (apps/web/app/lib/public-config.server.ts).
    connectOrigins: origins([env.PUBLIC_API_URL, config.LOG_BASE_URL ?? env.LOG_BASE_URL]),
    mediaOrigins: config.STORAGE === 's3' ? s3Origins(config) : [],
    analytics: Boolean(
      config.ANALYTICS_MEASUREMENT_ID_MOBILE ?? env.ANALYTICS_MEASUREMENT_ID_MOBILE ?? config.ANALYTICS_MEASUREMENT_ID_DESKTOP ?? env.ANALYTICS_MEASUREMENT_ID_DESKTOP,
    ),
    trustedProxies: config.TRUSTED_PROXIES,
  };
}

/** Presigned links point at S3_ENDPOINT (path style), or at AWS's regional endpoint without one. */
function s3Origins(config: LoadedConfig): string[] {
  if (config.S3_ENDPOINT) return [originOf(config.S3_ENDPOINT)].filter((origin): origin is string => Boolean(origin));
  const regional = `https://s3.${config.S3_REGION}.amazonaws.com`;
  return config.S3_REGION === 'us-east-1' ? [regional, 'https://s3.amazonaws.com'] : [regional];
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function createSecurityHeaders(settings: SecurityHeaderSettings): SecurityHeaders {
  const httpsSite = settings.publicUrl.startsWith('https://');
  const own = new Set([originOf(settings.publicUrl)]);
  const foreign = (list: readonly string[]) => list.filter((origin) => !own.has(origin));
  const connect = foreign(settings.connectOrigins);
  const media = foreign(settings.mediaOrigins);

  const scriptExtra = settings.analytics ? ` ${ANALYTICS_SCRIPT}` : '';
  const join = (...sources: (string | readonly string[])[]) => sources.flat().join(' ');
  // Everything after script-src, fixed for the life of the process.
  const rest = [
    // Tailwind classes are in the stylesheet, but React renders `style=` attributes (covers,
    // gradients, progress bars) and Radix/sonner set styles: inline styles stay allowed (decision 024).
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${join("'self'", 'data:', 'blob:', media, settings.analytics ? ANALYTICS_IMAGES : [])}`,
    // Recorder takes (blob:), previews (data: audio from /api/text-to-speech/preview), stored media.
    `media-src ${join("'self'", 'data:', 'blob:', media)}`,
    `font-src 'self' data:`,
    // Calls, uploads, server-sent events; wavesurfer fetches the audio it draws (data:, blob: or media links).
    `connect-src ${join("'self'", 'data:', 'blob:', connect, media, settings.analytics ? ANALYTICS_CONNECT : [])}`,
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(httpsSite ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  // 'report-sample': a violation report (and the securitypolicyviolation event) shows the start of the blocked script.
  const policy = (scriptSources: string) => `default-src 'self'; script-src 'self'${scriptSources ? ` ${scriptSources}` : ''}${scriptExtra} 'report-sample'; ${rest}`;

  const document: Record<string, string> = {
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(httpsSite ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };

  const proxies: BlockList | undefined = settings.trustedProxies.length ? parseTrustedProxies(settings.trustedProxies) : undefined;
  const documentEntries = Object.entries(document);
  const servedOverHttps = (request: FastifyRequest) => {
    if (httpsSite) return true;
    if ((request.raw.socket as { encrypted?: boolean } | null)?.encrypted) return true;
    if (!proxies) return false;
    const proto = request.headers['x-forwarded-proto'];
    if (typeof proto !== 'string' || proto.split(',')[0]!.trim().toLowerCase() !== 'https') return false;
    return isTrustedPeer(proxies, request.raw.socket?.remoteAddress);
  };
  return {
    everyResponse: Object.freeze({ 'x-content-type-options': 'nosniff' }),
    document: Object.freeze(document),
    policyWithHashes: (hashSources) => policy(hashSources.join(' ')),
    policyWithNonce: (nonce) => policy(`'nonce-${nonce}'`),
    scriptlessPolicy: `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    servedOverHttps,
    applyDocumentHeaders(request, reply) {
      for (const [name, value] of documentEntries) reply.header(name, value);
      if (!httpsSite && servedOverHttps(request)) reply.header('strict-transport-security', HSTS_VALUE);
    },
    hstsPerRequest: !httpsSite,
  };
}

function isTrustedPeer(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const peer = mapped ? mapped[1]! : address;
  return list.check(peer, peer.includes(':') ? 'ipv6' : 'ipv4');
}

/** A fresh CSP nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript']);

/**
 * CSP hash sources (`'sha256-…'`) of every inline script a static HTML page executes: scripts
 * with a `src`, and data blocks (`application/json`, `application/ld+json`), are not hashed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(value)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

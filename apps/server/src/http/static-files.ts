import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The client build in memory (decision 024): every file with its precompressed siblings
 * (`file.br`, `file.gz`, written by the build), a strong ETag per representation, and the headers
 * of each representation computed once, so a request costs a header lookup and a buffer write.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  body: Buffer;
  /** Every header of a 200 answer (content type and encoding, caching, ETag, Vary, and any extra). */
  headers: Readonly<Record<string, string>>;
  /** The headers of a 304 answer. */
  notModified: Readonly<Record<string, string>>;
}

export interface StaticFile {
  /** URL path it is served at. */
  url: string;
  /** Path inside the client build, `/`-separated. */
  relativePath: string;
  representations: Readonly<Partial<Record<Encoding, Representation>>> & { identity: Representation };
  /** The ETags of every representation, any of which answers If-None-Match with 304. */
  etags: ReadonlySet<string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  // Prerendered route data, as React Router's server sends it.
  '.data': 'text/x-script',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface LoadOptions {
  /** Cache-Control for a file, by its build-relative path. */
  cacheControl: (relativePath: string) => string;
  /** Extra headers of a 200 answer for a file (a page's security headers). */
  extraHeaders?: (relativePath: string, identity: Buffer) => Record<string, string>;
  /** Files left out of the table (served some other way). */
  skip?: (relativePath: string) => boolean;
}

/** Loads one file and whichever of its `.br` / `.gz` siblings exist. */
export async function loadStaticFile(clientDir: string, relativePath: string, url: string, options: LoadOptions): Promise<StaticFile> {
  const absolute = path.join(clientDir, ...relativePath.split('/'));
  const identity = await readFile(absolute);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  const common = {
    'content-type': contentTypeOf(relativePath),
    'cache-control': options.cacheControl(relativePath),
    ...options.extraHeaders?.(relativePath, identity),
  };
  const compressed: [Exclude<Encoding, 'identity'>, string, string][] = [
    ['br', '.br', 'br'],
    ['gzip', '.gz', 'gz'],
  ];
  const bodies: Partial<Record<Encoding, Buffer>> = { identity };
  for (const [encoding, suffix] of compressed) {
    const body = await readFile(`${absolute}${suffix}`).catch(() => undefined);
    if (body) bodies[encoding] = body;
  }
  const varies = Object.keys(bodies).length > 1;
  const representations: Partial<Record<Encoding, Representation>> = {};
  const etags = new Set<string>();
  for (const [encoding, body] of Object.entries(bodies) as [Encoding, Buffer][]) {
    const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding === 'br' ? 'br' : 'gz'}"`;
    etags.add(etag);
    const validators = { etag, 'cache-control': common['cache-control'], ...(varies ? { vary: 'accept-encoding' } : {}) };
    representations[encoding] = {
      body,
      headers: { ...common, ...validators, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) },
      notModified: validators,
    };
  }
  return { url, relativePath, representations: representations as StaticFile['representations'], etags };
}

/**
 * Every file of the client build, keyed by URL: `index.html` files are prerendered pages served at
 * their folder's URL (with and without the trailing slash); other `.html` files, dot-folders
 * (`.vite`) and the `.br`/`.gz` siblings are not served.
 */
export async function loadClientBuild(clientDir: string, options: LoadOptions): Promise<{ pages: Map<string, StaticFile>; files: Map<string, StaticFile> }> {
  const pages = new Map<string, StaticFile>();
  const files = new Map<string, StaticFile>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const folder = path.relative(clientDir, entry.parentPath).split(path.sep).filter(Boolean);
    if (folder.some((part) => part.startsWith('.')) || entry.name.startsWith('.')) continue;
    const relativePath = [...folder, entry.name].join('/');
    if (options.skip?.(relativePath)) continue;
    if (entry.name === 'index.html') {
      const url = folder.length ? `/${folder.join('/')}` : '/';
      const page = await loadStaticFile(clientDir, relativePath, url, options);
      pages.set(url, page);
      if (url !== '/') pages.set(`${url}/`, page);
    } else if (!entry.name.endsWith('.html')) {
      const url = `/${relativePath}`;
      files.set(url, await loadStaticFile(clientDir, relativePath, url, options));
    }
  }
  return { pages, files };
}

const NONE: readonly Encoding[] = [];
const negotiated = new Map<string, readonly Encoding[]>();

/**
 * The compressed encodings an Accept-Encoding header allows, best first (brotli, then gzip).
 * Parsed once per distinct header value (browsers send a handful).
 */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (!header) return NONE;
  let found = negotiated.get(header);
  if (found) return found;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const quality = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)).find(Boolean);
    const weight = quality ? Number(quality[1]) : 1;
    weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const allowed = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  found = (['br', 'gzip'] as const).filter(allowed);
  if (negotiated.size < 256) negotiated.set(header, found);
  return found;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against the ETags of every representation. */
export function matchesEtag(header: string, etags: ReadonlySet<string>): boolean {
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (etags.has(tag.startsWith('W/') ? tag.slice(2) : tag)) return true;
  }
  return false;
}

/** Answers with the representation the request accepts, or 304 when it already has the file. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  const representations = file.representations;
  let chosen = representations.identity;
  for (const encoding of acceptedEncodings(request.headers['accept-encoding'])) {
    const candidate = representations[encoding];
    if (candidate) {
      chosen = candidate;
      break;
    }
  }
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, file.etags)) {
    return reply.code(304).headers(chosen.notModified).send();
  }
  return reply.headers(chosen.headers).send(chosen.body);
}

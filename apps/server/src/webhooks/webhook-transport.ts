import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '@voxwork/contract';
import { DomainError, type WebhookTransport } from '@voxwork/core';
import { isForbiddenWebhookAddress } from './webhook-address-guard.ts';

export interface WebhookTransportOptions {
  /** Whether private, loopback and link-local addresses may be reached (`WEBHOOKS_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Name resolution (tests replace it). */
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

/** Receivers' answers are read up to this much and dropped. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Webhook deliveries over HTTP(S) with the SSRF guard (decision 038): the URL's host is resolved
 * (every address), refused when any address is one the operator does not allow, and the request
 * is made to the address that was checked (a `lookup` that answers it), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot redirect it. Redirects are not
 * followed; the whole exchange is bounded by `timeoutMs`.
 */
export function createWebhookTransport(options: WebhookTransportOptions): WebhookTransport {
  const resolve = options.resolve ?? ((host: string) => lookup(host, { all: true, verbatim: true }));

  async function checkedAddress(raw: string): Promise<{ url: URL; address: string; family: number }> {
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await resolve(host);
      } catch {
        addresses = [];
      }
      if (!addresses.length) throw new DomainError(ErrorCode.WEBHOOK_URL_UNRESOLVABLE, { host });
    }
    if (!options.allowPrivate) {
      const refused = addresses.find((candidate) => isForbiddenWebhookAddress(candidate.address));
      if (refused) throw new DomainError(ErrorCode.WEBHOOK_URL_FORBIDDEN, { address: refused.address });
    }
    return { url, ...addresses[0]! };
  }

  return {
    async check(url) {
      await checkedAddress(url);
    },

    async post(raw, body, headers) {
      const { url, address, family } = await checkedAddress(raw);
      // Every connection of this request goes to the checked address; TLS still checks the certificate against the host name.
      const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<{ status: number }>((resolvePost, reject) => {
        const request = client.request(
          url,
          { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, agent: false, signal: AbortSignal.timeout(options.timeoutMs) },
          (response) => {
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_RESPONSE_BYTES) response.destroy();
            });
            response.on('error', () => resolvePost({ status: response.statusCode ?? 0 }));
            response.on('close', () => resolvePost({ status: response.statusCode ?? 0 }));
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) => {
          reject(new Error(error.name === 'AbortError' || error.code === 'ABORT_ERR' ? `timed out after ${options.timeoutMs / 1000} s` : `${error.code ?? error.name}: ${error.message}`.slice(0, 300)));
        });
        request.end(body);
      });
    },
  };
}

import { ErrorCode } from '@voxwork/contract';
import type { StorageRepository } from '@voxwork/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/envelope-reply.ts';
import { parseRange } from './http-range.ts';

/**
 * Streams a stored object to a browser (GET or HEAD) with HTTP Range support (206, 416), so players
 * can seek; `download` adds `Content-Disposition: attachment` with that file name. The caller has
 * already decided that the request may read `key`.
 */
export async function serveStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: StorageRepository,
  key: string,
  options: { download?: string | undefined; cacheControl?: string } = {},
): Promise<FastifyReply> {
  const object = await storage.stat(key);
  if (!object) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', object.contentType)
    .header('last-modified', object.modifiedAt.toUTCString())
    .header('cache-control', options.cacheControl ?? 'private, max-age=300')
    .header('x-content-type-options', 'nosniff');
  if (options.download) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(options.download)}`);

  const range = parseRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, object.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${object.size}`);
    return sendError(request, reply, ErrorCode.RANGE_NOT_SATISFIABLE, { status: 416 });
  }
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`).header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', object.size);
  }
  if (request.method === 'HEAD') return reply.send();
  const body = await storage.get(key, range ? { range } : {});
  if (!body) return sendError(request, reply, ErrorCode.MEDIA_LINK_INVALID, { status: 404 });
  return reply.send(body);
}

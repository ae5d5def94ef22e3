import { createReadStream } from 'node:fs';
import { rm, stat as statFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { stableExpiry } from './media-url-signer.ts';
import { contentTypeForKey, isValidStorageKey, type StorageRepository, type StoredObject } from '@voxwork/core';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** The first `count` bytes of a stream; the rest is discarded and the source closed. */
function limitBytes(source: Readable, count: number): Readable {
  let left = count;
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const buffer = Buffer.from(chunk as Uint8Array);
        if (buffer.length >= left) {
          yield buffer.subarray(0, left);
          left = 0;
          break;
        }
        left -= buffer.length;
        yield buffer;
      }
      source.destroy();
    })(),
  );
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound'));

/**
 * S3-compatible object storage (AWS, MinIO, R2, OSS/COS S3 mode...): path-style addressing so any
 * endpoint works; checksums only when an operation requires them (many S3-compatible servers
 * do not understand the SDK's default CRC trailers).
 */
export function createS3Storage(options: S3StorageOptions): StorageRepository & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: true,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  };

  async function stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? contentTypeForKey(key),
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        out.push({ key: item.Key, size: item.Size ?? 0, contentType: contentTypeForKey(item.Key), modifiedAt: item.LastModified ?? new Date(0) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    kind: 's3',
    client,
    async put(key, body, putOptions) {
      let payload: Readable | Uint8Array | string = body;
      let size = putOptions?.size;
      if (body instanceof Readable && size === undefined) {
        // PutObject needs a length for streams; without one, read the (small) body first.
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
        payload = Buffer.concat(chunks);
        size = payload.length;
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: payload,
          ContentType: putOptions?.contentType ?? contentTypeForKey(key),
          ...(size !== undefined ? { ContentLength: size } : {}),
        }),
      );
      return (await stat(key))!;
    },
    async putFile(key, localPath, putOptions) {
      const { size } = await statFile(localPath);
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: createReadStream(localPath), ContentLength: size, ContentType: putOptions?.contentType ?? contentTypeForKey(key) }),
      );
      const stored = (await stat(key))!;
      if (putOptions?.move) await rm(localPath, { force: true });
      return stored;
    },
    async get(key, getOptions) {
      try {
        const range = getOptions?.range;
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        const body = object.Body as Readable;
        const wanted = range ? range.end - range.start + 1 : undefined;
        // Some S3-compatible servers answer `bytes=0-0` with more than asked (s3rver does): never pass on extra bytes.
        return wanted !== undefined && object.ContentLength !== undefined && object.ContentLength > wanted ? limitBytes(body, wanted) : body;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    stat,
    async delete(key) {
      const existed = (await stat(key)) !== undefined;
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
      return existed;
    },
    async deleteByPrefix(prefix) {
      const keys = (await list(prefix)).map((object) => object.key);
      for (let index = 0; index < keys.length; index += 1000) {
        const batch = keys.slice(index, index + 1000);
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.length} objects under ${prefix}: ${result.Errors[0]?.Message ?? ''}`);
      }
      return keys.length;
    },
    list,
    async signedUrl(key, urlOptions) {
      const command = new GetObjectCommand({
        Bucket,
        Key: checked(key),
        ...(urlOptions.downloadName ? { ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(urlOptions.downloadName)}` } : {}),
      });
      // Signed at the start of the current step, valid to its stable expiry: the same link within a step (see stableExpiry).
      const { expires, step } = stableExpiry(Date.now(), urlOptions.expiresInSeconds);
      const signedAt = expires - urlOptions.expiresInSeconds - step;
      return getSignedUrl(client, command, { signingDate: new Date(signedAt * 1000), expiresIn: urlOptions.expiresInSeconds + step });
    },
  };
}

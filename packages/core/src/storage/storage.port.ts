import type { Readable } from 'node:stream';

/** Facts about one stored object. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
  /** Byte length of a stream body; required by some backends (S3) for streams. */
  size?: number;
}

/**
 * Where files live (local disk or S3-compatible object storage). Keys come from `storage-keys.ts`.
 * Implementations are thin adapters: no business rules here.
 */
export interface StorageRepository {
  readonly kind: 'local' | 's3';
  /** Stores the body under the key, replacing any object there; readers never see a partial object. */
  put(key: string, body: Readable | Uint8Array | string, options?: PutOptions): Promise<StoredObject>;
  /**
   * Stores a local file under the key. With `move`, the file is consumed: renamed into place when
   * it is on the same disk (no copy), otherwise copied and then removed.
   */
  putFile(key: string, localPath: string, options?: PutOptions & { move?: boolean }): Promise<StoredObject>;
  /** The object's bytes (only `range` when given); undefined when the key does not exist. */
  get(key: string, options?: { range?: ByteRange }): Promise<Readable | undefined>;
  /** Size, type and date; undefined when the key does not exist. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Deletes one object; deleting a missing key is not an error. Returns whether it existed. */
  delete(key: string): Promise<boolean>;
  /** Deletes every object whose key starts with the prefix; returns how many. */
  deleteByPrefix(prefix: string): Promise<number>;
  /** Every object whose key starts with the prefix, in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /**
   * A URL a browser can GET the object from until `expiresInSeconds` pass
   * (local disk: the server's signed media route; S3: a presigned GetObject URL).
   */
  signedUrl(key: string, options: { expiresInSeconds: number; downloadName?: string }): Promise<string>;
}

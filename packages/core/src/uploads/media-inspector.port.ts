import type { Readable } from 'node:stream';
import type { MediaInfo } from '@voxwork/media';

/** A finished upload waiting on local disk (tus file store or the form upload's temp file). */
export interface UploadSource {
  /** A local path the inspector can read. */
  path: string;
  size: number;
  open(): Readable;
}

/** What the content itself says (adapters: `file-type` for magic bytes, `ffprobe` for streams). */
export interface MediaInspector {
  /** The type from the file's magic bytes; undefined when no known signature matches (text, random bytes). */
  sniff(source: UploadSource): Promise<{ mime: string; extension: string } | undefined>;
  /**
   * The picture size the file declares, read without decoding anything: an image's own header
   * (PNG, JPEG, WebP), a video container's track. Undefined when the header states none.
   */
  pictureSize(source: UploadSource, kind: 'image' | 'video'): Promise<{ width: number; height: number } | undefined>;
  /**
   * Streams and duration; undefined when ffprobe cannot read the file (damaged, truncated).
   * Pictures larger than `maxPixels` are not decoded (an image then has no size, a video no streams).
   */
  probe(source: UploadSource, options?: { maxPixels?: number }): Promise<MediaInfo | undefined>;
}

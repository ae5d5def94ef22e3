import { ErrorCode, messageFor, UPLOAD_ROUTES, type UploadView } from "@voxwork/contract";
import * as tus from "tus-js-client";

/**
 * Browser uploads: one form-data request for small files (`POST /api/upload/file`) and
 * resumable tus uploads for large ones (`/api/upload/tus`): chunks, automatic retries, and
 * resume from the server's offset after a dropped connection or a page reload (the upload URL is
 * remembered in localStorage by file fingerprint).
 */

export type UploadLocale = "en" | "zh";

export interface UploadProgress {
  bytesSent: number;
  bytesTotal: number;
  /** 0–100. */
  percent: number;
}

export interface UploadOptions {
  /** API origin ('' for same origin). */
  baseUrl: string;
  /** The signed-in user's bearer token. */
  token: string;
  locale: UploadLocale;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Files up to this size go in one request; larger ones use tus. Default 20 MB. */
  smallFileMaxBytes?: number;
  /** tus chunk size. Default 16 MB (each chunk is one PATCH request; a failed chunk is retried from the server's offset). */
  chunkSize?: number;
}

/** A refused or failed upload, with the catalogue message in the user's language. */
export class UploadError extends Error {
  override name = "UploadError";
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export class UploadCancelledError extends Error {
  override name = "UploadCancelledError";
}

const DEFAULT_SMALL_FILE_MAX = 20 * 1024 * 1024;

/** The envelope in an upload response body, as an UploadView or an UploadError. */
export function readUploadEnvelope(body: string, status: number, locale: UploadLocale): UploadView {
  let envelope: { code?: number; message?: string; data?: unknown } | undefined;
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  if (envelope && envelope.code === 0 && envelope.data) return envelope.data as UploadView;
  if (envelope && typeof envelope.code === "number") {
    throw new UploadError(envelope.code, envelope.message || messageFor(locale, envelope.code) || messageFor(locale, ErrorCode.UNKNOWN)!);
  }
  const code = status === 0 ? ErrorCode.NETWORK_ERROR : ErrorCode.INTERNAL_ERROR;
  throw new UploadError(code, messageFor(locale, code)!);
}

const percentOf = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.round((sent / total) * 1000) / 10) : 0);

/** Small file in one request as form data (spec §7's form-data helper), with upload progress (XMLHttpRequest: fetch cannot report it). */
export function uploadSmallFile(file: File, options: UploadOptions): Promise<UploadView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${options.baseUrl}${UPLOAD_ROUTES.file}`);
    request.setRequestHeader("authorization", `Bearer ${options.token}`);
    request.setRequestHeader("accept-language", options.locale === "zh" ? "zh-CN" : "en");
    request.upload.onprogress = (event) => options.onProgress?.({ bytesSent: event.loaded, bytesTotal: file.size, percent: percentOf(event.loaded, file.size) });
    request.onload = () => {
      try {
        resolve(readUploadEnvelope(request.responseText, request.status, options.locale));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new UploadError(ErrorCode.NETWORK_ERROR, messageFor(options.locale, ErrorCode.NETWORK_ERROR)!));
    const abort = () => {
      request.abort();
      reject(new UploadCancelledError("cancelled"));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}

/** Large file with tus: chunked, retried, resumable (also across page reloads). */
export function uploadResumable(file: File, options: UploadOptions): Promise<UploadView> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: `${options.baseUrl}${UPLOAD_ROUTES.tus}`,
      chunkSize: options.chunkSize ?? 16 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      metadata: { filename: file.name, filetype: file.type },
      headers: { authorization: `Bearer ${options.token}`, "accept-language": options.locale === "zh" ? "zh-CN" : "en" },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => options.onProgress?.({ bytesSent: sent, bytesTotal: total, percent: percentOf(sent, total) }),
      onSuccess: (payload) => {
        try {
          resolve(readUploadEnvelope(payload.lastResponse.getBody() ?? "", payload.lastResponse.getStatus(), options.locale));
        } catch (error) {
          reject(error);
        }
      },
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        try {
          readUploadEnvelope(response?.getBody() ?? "", response?.getStatus() ?? 0, options.locale);
        } catch (uploadError) {
          return reject(uploadError);
        }
        reject(new UploadError(ErrorCode.NETWORK_ERROR, messageFor(options.locale, ErrorCode.NETWORK_ERROR)!));
      },
    });
    const abort = () => {
      // Stop sending and remove the unfinished upload on the server.
      void upload.abort(true);
      reject(new UploadCancelledError("cancelled"));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    void upload.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}

/** Picks the route by size. */
export function uploadFile(file: File, options: UploadOptions): Promise<UploadView> {
  return file.size <= (options.smallFileMaxBytes ?? DEFAULT_SMALL_FILE_MAX) ? uploadSmallFile(file, options) : uploadResumable(file, options);
}

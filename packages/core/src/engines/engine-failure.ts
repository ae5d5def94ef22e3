/**
 * An engine's failure in the ports' words: why it failed (`reason`), which engine, and whether
 * trying again may help. The server's engine adapters turn the engine layer's errors into it and
 * decide nothing else; each tool (or, for a port several tools share, the port's consumers here)
 * maps the reason to a catalogue error with `mapEngineFailures` — never by a pattern on a message.
 */
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';

export type EngineFailureReason =
  /** Options or a request the engine cannot take (the caller's mistake, not the person's file). */
  | 'invalid-request'
  /** The file is not a media file, or it cannot be decoded. */
  | 'not-readable'
  /** The file has no audio stream, or no decodable audio. */
  | 'no-audio'
  /** The file has no picture. */
  | 'no-picture'
  /** No face was found (or none in the box asked for). */
  | 'no-face'
  /** A face was found, too small to animate. */
  | 'face-too-small'
  /** The engine ran and failed, is not installed, or refused our credentials. */
  | 'engine-failed';

export class EngineFailure extends Error {
  override name = 'EngineFailure';
  readonly reason: EngineFailureReason;
  readonly engineId: string;
  readonly isRetryable: boolean;
  constructor(message: string, options: { reason: EngineFailureReason; engineId: string; isRetryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.reason = options.reason;
    this.engineId = options.engineId;
    this.isRetryable = options.isRetryable;
  }
}

/**
 * The port with every method's `EngineFailure`s turned into the catalogue errors `toDomainError`
 * picks; other errors (catalogue errors the adapter threw, cancellation) go through unchanged.
 */
export function mapEngineFailures<Port extends object>(port: Port, toDomainError: (failure: EngineFailure) => DomainError): Port {
  const mapped = (error: unknown) => (error instanceof EngineFailure ? toDomainError(error) : error);
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(port)) {
    wrapped[name] =
      typeof member === 'function'
        ? (...args: unknown[]) => {
            try {
              const result: unknown = member.apply(port, args);
              return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(mapped(error))) : result;
            } catch (error) {
              throw mapped(error);
            }
          }
        : member;
  }
  return wrapped as Port;
}

/** The catalogue error of a failure no tool names: the engine is unavailable (retryable when the engine said so). */
export const engineUnavailable = (failure: EngineFailure) => new DomainError(ErrorCode.ENGINE_UNAVAILABLE, { engine: failure.engineId }, { isRetryable: failure.isRetryable, cause: failure.cause ?? failure });

/** The video tools' shared engines (`VideoEngines`): a file that is no video is the person's to fix; the rest is the engine being unavailable. */
export const videoEngineErrors = (failure: EngineFailure) =>
  failure.reason === 'not-readable' || failure.reason === 'no-picture' ? new DomainError(ErrorCode.VIDEO_NOT_READABLE, {}, { cause: failure.cause ?? failure }) : engineUnavailable(failure);

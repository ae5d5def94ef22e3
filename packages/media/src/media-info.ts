/** Typed facts from `ffprobe -show_format -show_streams -print_format json` (see `probeArgs`). */

export type MediaStreamType = 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';

export interface MediaStreamInfo {
  index: number;
  type: MediaStreamType;
  codec: string | undefined;
  durationSeconds: number | undefined;
  bitRate: number | undefined;
  language: string | undefined;
  /** Video: picture size, frames per second, rotation from the display matrix. */
  width: number | undefined;
  height: number | undefined;
  frameRate: number | undefined;
  rotation: number | undefined;
  /** A cover picture inside an audio file (mp3/m4a artwork), not a real video track. */
  attachedPicture: boolean;
  /** Audio. */
  sampleRate: number | undefined;
  channels: number | undefined;
}

export interface MediaInfo {
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `wav`. */
  formatName: string;
  durationSeconds: number | undefined;
  sizeBytes: number | undefined;
  bitRate: number | undefined;
  streams: MediaStreamInfo[];
  /** Convenience: the first real video and the first audio stream. */
  video: MediaStreamInfo | undefined;
  audio: MediaStreamInfo | undefined;
}

const num = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '' || value === 'N/A') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

/** `30000/1001` → 29.97; `0/0` → undefined. */
export function parseRational(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const [a, b] = value.split('/').map(Number);
  if (a === undefined || !Number.isFinite(a)) return undefined;
  if (b === undefined) return a;
  return b ? a / b : undefined;
}

const STREAM_TYPES: readonly MediaStreamType[] = ['video', 'audio', 'subtitle', 'data', 'attachment'];

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  bit_rate?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { language?: string; rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** Parses ffprobe's JSON; throws when it is not ffprobe output at all. */
export function parseProbeOutput(json: string): MediaInfo {
  const raw = JSON.parse(json) as { format?: Record<string, unknown>; streams?: RawStream[] };
  if (!raw || typeof raw !== 'object' || (!raw.format && !raw.streams)) throw new Error('not ffprobe JSON output');
  const streams: MediaStreamInfo[] = (raw.streams ?? []).map((stream, position) => {
    const type = (STREAM_TYPES as readonly string[]).includes(stream.codec_type ?? '') ? (stream.codec_type as MediaStreamType) : 'unknown';
    const rotation = stream.side_data_list?.find((side) => typeof side.rotation === 'number')?.rotation ?? num(stream.tags?.rotate);
    return {
      index: stream.index ?? position,
      type,
      codec: stream.codec_name,
      durationSeconds: num(stream.duration),
      bitRate: num(stream.bit_rate),
      language: stream.tags?.language,
      width: type === 'video' ? num(stream.width) : undefined,
      height: type === 'video' ? num(stream.height) : undefined,
      frameRate: type === 'video' ? (parseRational(stream.avg_frame_rate) ?? parseRational(stream.r_frame_rate)) : undefined,
      rotation,
      attachedPicture: stream.disposition?.attached_pic === 1,
      sampleRate: type === 'audio' ? num(stream.sample_rate) : undefined,
      channels: type === 'audio' ? num(stream.channels) : undefined,
    };
  });
  const format = raw.format ?? {};
  const streamDuration = Math.max(0, ...streams.map((stream) => stream.durationSeconds ?? 0));
  return {
    formatName: typeof format.format_name === 'string' ? format.format_name : '',
    durationSeconds: num(format.duration) ?? (streamDuration || undefined),
    sizeBytes: num(format.size),
    bitRate: num(format.bit_rate),
    streams,
    video: streams.find((stream) => stream.type === 'video' && !stream.attachedPicture),
    audio: streams.find((stream) => stream.type === 'audio'),
  };
}

/**
 * How far past the stated length the last packet must end to be believed over it. Encoders pad: a
 * last AAC, Opus or MP3 packet may end a frame (≈20–60 ms) after the presented end where no edit list
 * trims it (a 60 s Opus WebM: stated 60.008 s, last packet 60.014 s), and that alone must not move a
 * file into another paid minute or over a plan's cap. A forgery that pays is off by far more.
 */
export const PACKET_END_SLACK_SECONDS = 0.5;

/**
 * A file's length as billed: the largest of what the container states and what its audio and video
 * streams state, or — when its last audio or video packet ends later than that by more than
 * `PACKET_END_SLACK_SECONDS` — where that packet ends (`packetEnd`, see `packetEndsArgs`). A header
 * can claim less than the file holds (an MP4 whose `mvhd`/`tkhd`/`mdhd` say 5 s over 150 s of
 * packets) or nothing at all (a MediaRecorder WebM); the packets are what gets decoded. Undefined
 * when nothing states a positive length.
 */
export function measuredDurationSeconds(info: MediaInfo, packetEnd: number | undefined): number | undefined {
  const streams = info.streams.filter((stream) => (stream.type === 'audio' || stream.type === 'video') && !stream.attachedPicture).map((stream) => stream.durationSeconds ?? 0);
  const stated = Math.max(0, info.durationSeconds ?? 0, ...streams);
  if (packetEnd !== undefined && packetEnd > stated + PACKET_END_SLACK_SECONDS) return packetEnd;
  return stated > 0 ? stated : undefined;
}

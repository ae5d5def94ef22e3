/**
 * The HTTP API of a self-hosted neural lip-sync server (a wrapper around SadTalker, LivePortrait,
 * MuseTalk, Wav2Lip or similar on a GPU machine), as Voxwork calls it. Rendering takes longer
 * than one request should stay open, so a render is a job: create, poll, fetch, delete.
 *
 *   POST   {base}/v1/lipsync            multipart/form-data:
 *            source  (file, required)   the portrait (image/png, image/jpeg) or a video (video/mp4) whose mouth is re-animated
 *            audio   (file, required)   the speech, audio/wav
 *            fps     (text, optional)   frames per second wanted, 1–60
 *            width, height (text, optional) the size wanted, even pixels
 *            face    (text, optional)   JSON {"x","y","width","height"}: which face, in the source's pixels
 *          → 202 {"id": string, "status": "queued"}
 *   GET    {base}/v1/lipsync/{id}       → 200 {"id", "status": "queued"|"running"|"succeeded"|"failed", "progress"?: 0–1, "error"?: string}
 *   GET    {base}/v1/lipsync/{id}/video → 200 video/mp4 (H.264; with or without the audio), once `succeeded`
 *   DELETE {base}/v1/lipsync/{id}       → 204 (cancels a queued or running render, removes a finished one)
 *
 * Authentication: `Authorization: Bearer <key>` when the server wants a key. Errors: a JSON body
 * `{"error": string}` with 400/413/415/422 (the input: no face found, unreadable file), 401/403
 * (the key), 429/5xx (busy, broken). Tested against `testing/lipsync-replay-server.ts`.
 */
import { z } from 'zod';

export const LIPSYNC_PATH = '/v1/lipsync';

export const lipsyncCreatedSchema = z.object({ id: z.string().min(1), status: z.string() });

export const lipsyncStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().min(0).max(1).optional(),
  error: z.string().optional(),
});

export type LipsyncStatus = z.infer<typeof lipsyncStatusSchema>;

/** The server's error message out of a JSON error body (`error`, or FastAPI's `detail`). */
export function lipsyncErrorMessage(json: Record<string, unknown>): unknown {
  return json.error ?? json.detail ?? json.message;
}

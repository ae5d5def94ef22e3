import { readFile, writeFile } from 'node:fs/promises';
import type { JobView } from '@voxwork/contract';
import { expect } from 'vitest';
import { signedCall } from './accounts.ts';
import { TEST_SIGN_SECRET } from './server-process.ts';

/**
 * A signed-in user's calls as the web app makes them, for tool tests: business calls (`data`
 * expects success), the account's points, waiting for a job to end, one-request uploads and downloads.
 * `language` is the UI's (sent as `Accept-Language`, as the web app does): the words of errors follow it.
 */
export function toolClient(base: string, user: { token: string; userId: string }, language = 'en') {
  const call = (pathName: string, body: unknown, callLanguage = language) =>
    signedCall(base, TEST_SIGN_SECRET, pathName, body, { authorization: `Bearer ${user.token}`, 'user-id': user.userId, 'accept-language': callLanguage });
  const data = async <T>(pathName: string, body: unknown): Promise<T> => {
    const envelope = await call(pathName, body);
    expect(envelope, `${pathName} ${JSON.stringify(envelope).slice(0, 300)}`).toMatchObject({ code: 0 });
    return envelope.data as T;
  };
  /** Uploads a file in one request: the envelope's code and, when taken, the upload id. */
  const tryUpload = async (name: string, file: string): Promise<{ code: number; id?: string }> => {
    const response = await fetch(`${base}/api/upload/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': language, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(await readFile(file)),
    });
    const envelope = (await response.json()) as { code: number; data?: { id: string } };
    return { code: envelope.code, ...(envelope.data ? { id: envelope.data.id } : {}) };
  };
  return {
    language,
    call,
    data,
    points: () => data<{ availablePoint: number; freezePoint: number }>('/bill/userAccount/getUserAccount', { userId: user.userId }),
    /** The job once it has ended (completed, failed or cancelled). */
    async until(jobId: string, timeoutMs = 300_000): Promise<JobView> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const view = await data<JobView>('/api/jobs/get', { jobId });
        if (['completed', 'failed', 'cancelled'].includes(view.status)) return view;
        if (Date.now() > deadline) throw new Error(`job ${jobId} stuck: ${JSON.stringify(view).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
    tryUpload,
    /** Uploads a file in one request, expecting it to be taken; its upload id. */
    async upload(name: string, file: string): Promise<string> {
      const result = await tryUpload(name, file);
      expect(result.code, JSON.stringify(result)).toBe(0);
      return result.id!;
    },
    /** A job's media file (its signed URL) saved to `file`. */
    async download(url: string, file: string): Promise<string> {
      const response = await fetch(new URL(url, base));
      expect(response.status).toBe(200);
      await writeFile(file, Buffer.from(await response.arrayBuffer()));
      return file;
    },
  };
}

export type ToolClient = ReturnType<typeof toolClient>;

/** Characters of a line that an OCR reading still holds (one copy, beside the erasure scores). */
export { charactersFound } from '../../packages/engines/src/testing/erasure-score.ts';

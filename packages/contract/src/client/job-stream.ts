import type { JobView } from '../calls/system.calls.ts';
import { JOB_EVENTS_PATH, type JobEvent } from '../calls/job.calls.ts';

export interface JobStreamOptions {
  baseUrl: string;
  token: string;
  /** Only this job; otherwise every job of the user. */
  jobId?: string;
  onSnapshot?: (jobs: JobView[]) => void;
  onEvent: (event: JobEvent) => void;
  /** Connection state, for a "reconnecting…" hint. */
  onStatus?: (status: 'open' | 'reconnecting' | 'closed') => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Follows job progress over server-sent events. Uses fetch (so the bearer token goes in a header,
 * which EventSource cannot do) and reconnects with back-off; every (re)connection starts with a
 * snapshot, so a final state that happened while disconnected is never missed.
 */
export function streamJobs(options: JobStreamOptions): { close(): void; done: Promise<void> } {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${options.baseUrl}${JOB_EVENTS_PATH}${options.jobId ? `?jobId=${encodeURIComponent(options.jobId)}` : ''}`;

  const done = (async () => {
    let backoff = 500;
    while (!signal.aborted) {
      try {
        const response = await fetchImpl(url, { headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' }, signal });
        if (response.status === 401 || response.status === 404) break;
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        options.onStatus?.('open');
        backoff = 500;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          buffer += value;
          let boundary;
          while ((boundary = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (!data) continue;
            const parsed: unknown = JSON.parse(data);
            if (event === 'snapshot') options.onSnapshot?.((parsed as { jobs: JobView[] }).jobs);
            else if (event === 'job') options.onEvent(parsed as JobEvent);
          }
        }
      } catch (error) {
        if (signal.aborted) break;
        void error;
      }
      if (signal.aborted) break;
      options.onStatus?.('reconnecting');
      await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff = Math.min(backoff * 2, 15_000);
    }
    options.onStatus?.('closed');
  })();

  return { close: () => controller.abort(), done };
}

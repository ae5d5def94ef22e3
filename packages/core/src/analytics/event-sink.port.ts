import type { NewAnalyticsEventRow } from '@voxwork/db';

/** Where accepted events go: a buffer that appends them to the events table in batches. */
export interface EventSink {
  /** Queues one row; false when the buffer is full (the database is not keeping up). Never blocks. */
  push(row: NewAnalyticsEventRow): boolean;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  stats(): { buffered: number; stored: number; flushes: number; failedFlushes: number };
}

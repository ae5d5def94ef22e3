/**
 * Runs `task` over `items`, at most `limit` at a time, starting them in order. The first failure
 * starts nothing more, waits for the tasks already running, and is thrown (later failures are
 * dropped). For stages whose steps are independent external processes (a take per segment): on
 * two cores two at a time keeps both busy while one waits on its files and the database.
 */
export async function eachConcurrently<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  let failure: unknown;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await task(items[index]!, index);
      } catch (error) {
        if (!failed) {
          failed = true;
          failure = error;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit) || 1, items.length)) }, worker));
  if (failed) throw failure;
}

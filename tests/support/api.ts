import { selfCheckGetCall, type JobView } from '@voxwork/contract';
import { createApiClient } from '@voxwork/contract/client';
import { TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from './server-process.ts';

/** A signed client acting as the operator, as the browser's client would sign. */
export function operatorClient(baseUrl: string) {
  return createApiClient({ baseUrl, secret: TEST_SIGN_SECRET, getIdentity: () => ({ token: TEST_OPERATOR_TOKEN }), timeoutMs: 10_000 });
}

export async function waitForJob(
  client: ReturnType<typeof operatorClient>,
  jobId: string,
  until: (job: JobView) => boolean,
  timeoutMs = 60_000,
): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  let job: JobView | undefined;
  while (Date.now() < deadline) {
    job = await client.call(selfCheckGetCall, { jobId });
    if (until(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(job)}`);
}

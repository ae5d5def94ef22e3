import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations.
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) on a free port with a temporary directory and one bucket. */
export async function startS3rver(bucket = 'voxwork-test'): Promise<{ endpoint: string; bucket: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'voxwork-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] }) as {
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  };
  const { address, port } = await server.run();
  return {
    endpoint: `http://${address}:${port}`,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

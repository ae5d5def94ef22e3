/** Thrown by `JobService.enqueue` when its idempotency key was claimed by another request first (nothing was written). */
export class IdempotencyKeyTaken extends Error {
  override name = 'IdempotencyKeyTaken';
  readonly key: string;
  constructor(key: string) {
    super('idempotency key already claimed');
    this.key = key;
  }
}

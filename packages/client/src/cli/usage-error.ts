/** A usage problem the user can fix: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

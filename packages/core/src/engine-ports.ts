/**
 * What the server's engine adapters see of core (`@voxwork/core/engines`): the engine ports they
 * implement and `DomainError` for what they refuse. No tool's rules: ESLint keeps
 * `apps/server/src/engines` to this entry (docs/architecture.md "Layers").
 */
export * from './engines/index.ts';
export { DomainError } from './domain-error.ts';

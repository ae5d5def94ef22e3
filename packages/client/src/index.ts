export * from './voxwork-client.ts';
export type { components, operations, paths } from './openapi.d.ts';
export { verifyWebhookSignature } from './webhooks.ts';

export * from './webhook-signature.ts';
export * from './webhook.service.ts';

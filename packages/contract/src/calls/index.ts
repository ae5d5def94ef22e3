import type { CallDefinition } from '../call.ts';
import { selfCheckCreateCall, selfCheckGetCall, systemTimeCall } from './system.calls.ts';

export * from './system.calls.ts';

/** Every business call of the product, for the server's router and the OpenAPI document. */
export const allCalls: readonly CallDefinition[] = [systemTimeCall, selfCheckCreateCall, selfCheckGetCall];

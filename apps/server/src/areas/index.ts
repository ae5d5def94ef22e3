import type { Area } from './area.ts';
import { systemArea } from './system.area.ts';

/** Every area of the API role, in registration order. */
export const areas: readonly Area[] = [systemArea];

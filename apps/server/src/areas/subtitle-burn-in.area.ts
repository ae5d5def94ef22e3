import { subtitleBurnInCreateCall, subtitleBurnInOptionsCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Subtitle burn-in: price and limits, and runs. */
export const subtitleBurnInArea: Area = {
  name: 'subtitle-burn-in',
  calls: ({ services: { subtitleBurnIn } }) => [
    bindCall(subtitleBurnInOptionsCall, async (_body, context) => subtitleBurnIn.options(requireUserId(context))),
    bindCall(subtitleBurnInCreateCall, async (body, context) => subtitleBurnIn.create(requireUserId(context), body)),
  ],
};

import type { z } from 'zod';
import type { EngineId } from '../capabilities/engine-common.ts';
import { EngineInputError } from '../engine-errors.ts';
import { apiOrigin } from '../remote/remote-http.ts';
import { OPENAI_DEFAULT_BASE_URL } from './openai-speech-api.ts';
import { openAIEngineId } from './openai-speech-synthesizer.ts';

/**
 * The opening every OpenAI-compatible adapter's constructor shares: settings checked against the
 * adapter's schema (an `EngineInputError` naming the problem), the engine id (`openai:<model>`
 * unless given) and the endpoint URL of `path` on the base URL (OpenAI's own by default).
 */
export function openAIEndpoint(settings: { model: string; engineId?: EngineId | undefined; baseUrl?: string | undefined }, schema: z.ZodType, what: string, path: string): { engineId: EngineId; endpoint: string } {
  const engineId = settings.engineId ?? openAIEngineId(settings.model ?? '');
  const parsed = schema.safeParse(settings);
  if (!parsed.success) throw new EngineInputError(`openai ${what} settings: ${parsed.error.issues[0]?.message}`, { engineId });
  return { engineId, endpoint: `${apiOrigin(settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL)}${path}` };
}

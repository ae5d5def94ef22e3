import type { EngineId } from './engine-common.ts';

/**
 * A voice named across engines: `<engine id>/<voice id>`, e.g. `espeak:espeak-ng/en-us+f3`,
 * `elevenlabs:eleven-multilingual-v2/21m00Tcm4TlvDq8ikWAM`. Engine ids hold no `/`; voice ids may.
 */
export function formatVoiceKey(engineId: EngineId, voiceId: string): string {
  return `${engineId}/${voiceId}`;
}

export function parseVoiceKey(key: string): { engineId: EngineId; voiceId: string } | undefined {
  const slash = key.indexOf('/');
  if (slash < 0) return undefined;
  const engineId = key.slice(0, slash);
  const voiceId = key.slice(slash + 1);
  if (!/^[a-z0-9][a-z0-9-]*:[a-z0-9][a-z0-9._-]*$/.test(engineId) || voiceId === '') return undefined;
  return { engineId: engineId as EngineId, voiceId };
}

import { useEffect, useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { voiceGetCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";

/** A voice read from the library by key, and where that read is. */
export interface VoiceLookup {
  voice: VoiceView | null;
  /** `loading` until the library answers for this key; `failed` when it could not (no such voice, no connection). */
  state: "none" | "loading" | "ready" | "failed";
}

/**
 * A voice with its name, read from the library by key. While it loads (a busy server may take
 * seconds) the caller shows that it is loading, never "no voice": a chosen voice is not missing.
 */
export function useVoice(voiceKey: string | null): VoiceLookup {
  const api = useApiClient();
  const [found, setFound] = useState<{ key: string; voice: VoiceView | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!voiceKey) return;
    let live = true;
    api.call(voiceGetCall, { voiceKey }).then(
      (voice) => live && setFound({ key: voiceKey, voice, failed: false }),
      () => live && setFound({ key: voiceKey, voice: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [api, voiceKey]);
  if (!voiceKey) return { voice: null, state: "none" };
  // An answer for another key (the key just changed) is not this voice's.
  if (found?.key !== voiceKey) return { voice: null, state: "loading" };
  return found.failed ? { voice: null, state: "failed" } : { voice: found.voice, state: "ready" };
}

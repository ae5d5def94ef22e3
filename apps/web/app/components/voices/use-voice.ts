import { useEffect, useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { voiceGetCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";

/** A voice with its name, read from the library by key (null while loading or unknown). */
export function useVoice(voiceKey: string | null): VoiceView | null {
  const api = useApiClient();
  const [voice, setVoice] = useState<VoiceView | null>(null);
  useEffect(() => {
    if (!voiceKey) return;
    let live = true;
    api.call(voiceGetCall, { voiceKey }).then(
      (found) => live && setVoice(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, voiceKey]);
  return voice;
}


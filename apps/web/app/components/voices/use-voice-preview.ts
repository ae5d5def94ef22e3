import { useCallback, useEffect, useRef, useState } from "react";
import type { VoiceView } from "@voxwork/contract";
import { voicePreviewCall } from "@voxwork/contract/client";
import { toast } from "sonner";
import { useT } from "../../i18n/index";
import { useApiClient } from "../../lib/api-client";

/**
 * One shared preview player for a list of voices: the first play of a voice without a sample asks
 * the server for one (generated once, then cached there and here); playing another voice stops
 * the current one.
 */
export function useVoicePreview(): { playingKey: string | null; loadingKey: string | null; toggle: (voice: Pick<VoiceView, "key" | "previewUrl">) => void } {
  const api = useApiClient();
  const t = useT();
  const audio = useRef<HTMLAudioElement | null>(null);
  const urls = useRef(new Map<string, string>());
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const toggle = useCallback(
    async (voice: Pick<VoiceView, "key" | "previewUrl">) => {
      if (playingKey === voice.key) {
        audio.current?.pause();
        setPlayingKey(null);
        return;
      }
      audio.current?.pause();
      setPlayingKey(null);
      let url = urls.current.get(voice.key) ?? voice.previewUrl ?? undefined;
      if (!url) {
        setLoadingKey(voice.key);
        try {
          url = (await api.call(voicePreviewCall, { voiceKey: voice.key })).url;
          urls.current.set(voice.key, url);
        } catch {
          return; // The client wrapper showed the error.
        } finally {
          setLoadingKey(null);
        }
      }
      const player = audio.current ?? new Audio();
      audio.current = player;
      player.onended = () => setPlayingKey(null);
      player.onpause = () => setPlayingKey((key) => (key === voice.key ? null : key));
      player.src = url;
      setPlayingKey(voice.key);
      player.play().catch((error: unknown) => {
        setPlayingKey(null);
        if (error instanceof DOMException && error.name === "AbortError") return;
        toast.error(t("voices.voice.previewFailed"));
      });
    },
    [api, playingKey, t],
  );

  return { playingKey, loadingKey, toggle: (voice) => void toggle(voice) };
}

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CallData, VoiceView } from "@voxwork/contract";
import { voiceFavoriteCall, voiceListCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { listBody, type VoiceSearch } from "../../lib/speech/voice-filters";

type ListData = CallData<typeof voiceListCall>;
export type VoiceFacets = ListData["facets"];

export const VOICE_PAGE_SIZE = 24;

/**
 * The voice library for a search: first page on every search change, more pages on demand,
 * favourites toggled optimistically (rolled back when the call fails).
 */
export function useVoiceLibrary(search: VoiceSearch) {
  const api = useApiClient();
  const user = useCurrentUser();
  const signedIn = isSignedIn(user);
  const [voices, setVoices] = useState<VoiceView[]>([]);
  const [total, setTotal] = useState(0);
  const [facets, setFacets] = useState<VoiceFacets | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");
  const [loadingMore, setLoadingMore] = useState(false);
  const [reloads, setReloads] = useState(0);
  const searchKey = JSON.stringify(search);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setStatus("loading");
    api.call(voiceListCall, listBody(searchRef.current, 1, VOICE_PAGE_SIZE)).then(
      (page) => {
        if (!live) return;
        setVoices(page.list);
        setTotal(page.total);
        setFacets(page.facets);
        setPageNum(1);
        setStatus("ready");
      },
      () => live && setStatus("error"),
    );
    return () => {
      live = false;
    };
  }, [api, signedIn, searchKey, reloads]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    try {
      const page = await api.call(voiceListCall, listBody(searchRef.current, pageNum + 1, VOICE_PAGE_SIZE));
      setVoices((current) => [...current, ...page.list.filter((voice) => !current.some((known) => known.key === voice.key))]);
      setTotal(page.total);
      setPageNum(pageNum + 1);
    } catch {
      // The client wrapper showed the error.
    } finally {
      setLoadingMore(false);
    }
  }, [api, pageNum]);

  const toggleFavorite = useCallback(
    async (voice: VoiceView) => {
      const favorite = !voice.favorite;
      const apply = (value: boolean) => setVoices((current) => current.map((item) => (item.key === voice.key ? { ...item, favorite: value } : item)));
      apply(favorite);
      try {
        await api.call(voiceFavoriteCall, { voiceKey: voice.key, favorite });
        // On the favourites tab an unstarred voice leaves the list.
        if (!favorite && searchRef.current.tab === "favorites") {
          setVoices((current) => current.filter((item) => item.key !== voice.key));
          setTotal((value) => Math.max(0, value - 1));
        }
      } catch {
        apply(!favorite);
      }
    },
    [api],
  );

  const engineNames = useMemo(() => new Map(voices.map((voice) => [voice.engineId, voice.engineName])), [voices]);
  const reload = useCallback(() => setReloads((value) => value + 1), []);

  return { voices, total, facets, status, loadingMore, hasMore: voices.length < total, loadMore: () => void loadMore(), toggleFavorite: (voice: VoiceView) => void toggleFavorite(voice), engineNames, reload };
}

import { useEffect, useState } from "react";
import { videoTranslationOptionsCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import type { VideoTranslationOptions } from "../../lib/translation/translation-choices";

/** What the video translator offers this user (engines, pairs, price, plan limits); `reload` after a run counts. */
export function useTranslationOptions(): { options: VideoTranslationOptions | null; failed: boolean; reload: () => void } {
  const api = useApiClient();
  const signedIn = isSignedIn(useCurrentUser());
  const [options, setOptions] = useState<VideoTranslationOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.call(videoTranslationOptionsCall, {}).then(
      (answer) => {
        if (!live) return;
        setOptions(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, signedIn, reloads]);
  return { options, failed, reload: () => setReloads((value) => value + 1) };
}

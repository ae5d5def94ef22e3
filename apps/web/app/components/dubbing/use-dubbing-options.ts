import { useEffect, useState } from "react";
import type { CallData } from "@voxwork/contract";
import { dubbingOptionsCall } from "@voxwork/contract/client";
import { useApiClient } from "../../lib/api-client";

export type DubbingOptions = CallData<typeof dubbingOptionsCall>;

/** What dubbing offers this user (engines, offline pairs, prices, limits, finished video translations). */
export function useDubbingOptions(enabled = true): DubbingOptions | null {
  const api = useApiClient();
  const [options, setOptions] = useState<DubbingOptions | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.call(dubbingOptionsCall, {}).then(
      (answer) => live && setOptions(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, enabled]);
  return options;
}

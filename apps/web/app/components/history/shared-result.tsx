import { useEffect, useMemo, useState } from "react";
import { ErrorCode, type SharedJobView } from "@voxwork/contract";
// A schema-free call handle: no zod on a marketing page (decision 011).
import { ApiError, createApiClient, shareGetCall } from "@voxwork/contract/client";
import type { Locale } from "../../i18n";
import { usePublicConfig } from "../../lib/public-config";
import { MediaPreview } from "./media-preview";
import { formatDate } from "./history-format";
import { ShareStatus, type ShareCopy } from "./share-status";

type State = { kind: "loading" } | { kind: "invalid" } | { kind: "shared"; job: SharedJobView };

/**
 * A shared result looked up by its token (`/api/share/get`) with players and downloads for its
 * files; a revoked, deleted or unknown link shows the invalid state. Loaded lazily by `/share`.
 */
export default function SharedResult({ token, copy, locale }: { token: string; copy: ShareCopy; locale: Locale }) {
  const config = usePublicConfig();
  const [state, setState] = useState<State>({ kind: "loading" });
  // No toasts here: the page itself says what is wrong with the link.
  const api = useMemo(() => createApiClient({ baseUrl: config.apiBaseUrl, secret: config.signSecret, getLocale: () => locale }), [config, locale]);

  useEffect(() => {
    let live = true;
    api.call(shareGetCall, { token }).then(
      (job) => live && setState({ kind: "shared", job }),
      (error: unknown) => {
        if (!live) return;
        if (!(error instanceof ApiError && (error.code === ErrorCode.SHARE_LINK_NOT_FOUND || error.code === ErrorCode.INVALID_PARAMETER))) console.warn("shared result unavailable", error);
        setState({ kind: "invalid" });
      },
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  if (state.kind !== "shared") return <ShareStatus state={state.kind} copy={copy} token={token} />;
  const { job } = state;
  return (
    <section data-testid="share-state" data-state="shared" aria-labelledby="shared-title" className="rounded-2xl border border-border bg-surface p-6">
      <h2 id="shared-title" className="text-xl font-semibold break-words" data-testid="shared-title">
        {job.title || copy.untitled}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{copy.created.replace("{date}", formatDate(job.createdAt, locale))}</p>
      <div className="mt-4 grid gap-3">
        {job.media.length > 0 ? (
          job.media.map((file) => (
            <MediaPreview
              key={file.url}
              file={file}
              playLabel={copy.play.replace("{name}", file.name)}
              downloadLabel={job.media.length > 1 ? copy.downloadFile.replace("{name}", file.name) : copy.download}
            />
          ))
        ) : (
          <p className="text-sm text-muted-foreground">{copy.noFiles}</p>
        )}
      </div>
    </section>
  );
}

import { Toaster } from "./ui/sonner";
import { PrerenderedPrefetch, VersionCheck } from "./version-check";
import { Analytics } from "./analytics/analytics";
import { SessionKeeper } from "./auth/session-keeper";

/**
 * App-wide features that nothing on the first screen needs to be shown or used: the toaster, the
 * version check, the prefetch of linked prerendered pages, analytics and the session keeper.
 * Root loads this module right after hydration (decision 011), so their code (sonner, the tracker
 * with bowser, the call client, the auth client) is not part of the JavaScript a page needs before
 * it is interactive. Toasts raised before it mounts are shown when it does (sonner replays them).
 */
export default function DeferredFeatures() {
  return (
    <>
      <Toaster />
      <VersionCheck />
      <PrerenderedPrefetch />
      <Analytics />
      <SessionKeeper />
    </>
  );
}

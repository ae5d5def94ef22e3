import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReload } from "./lib/chunk-reload";

installChunkReload();

function logMountFailure(error: unknown) {
  console.error("Error while mounting app", error);
}

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      // Errors no boundary caught (the root shell itself failed): spec §8's mounting failure.
      { onUncaughtError: logMountFailure },
    );
  } catch (error) {
    logMountFailure(error);
  }
});

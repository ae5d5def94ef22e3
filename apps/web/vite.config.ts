// eslint-disable-next-line no-restricted-imports -- build-time config, never bundled for the browser
import { randomBytes } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildManifestPlugin } from "./build-manifest.plugin.ts";
import { initialChunksPlugin } from "./initial-chunks.plugin.ts";
import { precompressPlugin } from "./precompress.plugin.ts";

// One id per build: kept in the environment so every Vite environment of the build (client,
// server, prerender) sees the same value even if this file is evaluated again.
const buildId = (process.env.VOXWORK_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`);

// Plugin order matters for the post-build steps: the build manifest is written before the
// precompression step compresses it with every other file of build/client.
export default defineConfig({
  define: { __VOXWORK_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [tailwindcss(), reactRouter(), initialChunksPlugin(), buildManifestPlugin({ buildId }), precompressPlugin()],
});

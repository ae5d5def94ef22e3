// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import path from "node:path";
// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import { promisify } from "node:util";
// eslint-disable-next-line no-restricted-imports -- build-time Vite plugin, never bundled for the browser
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|data|map|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Precompression (decision 024): after the whole build (client, prerender, build manifest), every
 * compressible file of `build/client` gets a brotli (quality 11) and a gzip (level 9) sibling,
 * `file.br` and `file.gz`, kept only when smaller than the file. The server loads them with the
 * file and picks one by Accept-Encoding: compressed once per build, never per request or per start.
 */
export function precompressPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "voxwork:precompress",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const started = Date.now();
        const result = await precompressDirectory(path.join(root, "build", "client"));
        const saved = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
        builder.config.logger.info(
          `precompressed ${result.files} files in ${Date.now() - started} ms: ${saved(result.identity)} → br ${saved(result.brotli)}, gzip ${saved(result.gzip)}`,
        );
      },
    },
  };
}

export async function precompressDirectory(directory: string): Promise<{ files: number; identity: number; brotli: number; gzip: number }> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const totals = { files: 0, identity: 0, brotli: 0, gzip: 0 };
  // zlib's async calls run on libuv's thread pool: a few at a time keep every core busy.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await readFile(file);
      if (body.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.identity += body.length;
      for (const [suffix, compressed] of [[".br", br], [".gz", gz]] as const) {
        if (compressed.length < body.length) {
          await writeFile(`${file}${suffix}`, compressed);
          totals[suffix === ".br" ? "brotli" : "gzip"] += compressed.length;
        } else {
          await rm(`${file}${suffix}`, { force: true });
          totals[suffix === ".br" ? "brotli" : "gzip"] += body.length;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

import { existsSync } from 'node:fs';

/**
 * Chromium's headless shell from Debian (`chromium-headless-shell`, installed by scripts/bootstrap.sh
 * with the test packages): the build Playwright itself runs for headless Chromium. The same Blink
 * and V8 as `/usr/bin/chromium`, without the full browser's headless mode around them; on this
 * project's browser tests it takes about half the CPU (decision 110). `/usr/bin/chromium` where the
 * shell is not installed; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The switches every browser test launches Chromium with: no sandbox (root in CI), no GPU, nothing fetched from the internet. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium's fake microphone playing `wav` into getUserMedia, permission granted without asking. */
export function fakeMicrophoneArgs(wav: string): string[] {
  return ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`];
}

/**
 * samples:avatars — the avatar picker's pictures: each built-in illustrated avatar drawn by the
 * product's own renderer (`avatarThumbnailPng`, the same vector parts the videos are drawn from) on
 * its backdrop, 256 px, written to `apps/web/public/avatars/<id>.png` and committed (the options
 * call names them `/avatars/<id>.png`). Run again after an avatar's look changes:
 *   npm run samples:avatars
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { avatarThumbnailPng } from '../../packages/engines/src/avatar/illustrated/avatar-renderer.ts';
import { ILLUSTRATED_AVATARS } from '../../packages/engines/src/avatar/illustrated/avatar-catalog.ts';

const OUT = path.resolve(import.meta.dirname, '../../apps/web/public/avatars');
await mkdir(OUT, { recursive: true });
for (const avatar of ILLUSTRATED_AVATARS) {
  const file = path.join(OUT, `${avatar.id}.png`);
  await writeFile(file, await avatarThumbnailPng(avatar.id, 256, { backdrop: true }));
  console.info(`${avatar.id}: ${file}`);
}

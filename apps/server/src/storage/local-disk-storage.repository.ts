import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForKey, isValidStorageKey, type StorageRepository, type StoredObject } from '@voxwork/core';

const TEMP_DIR = '.tmp';

/**
 * Files under one root folder (`DATA_DIR/files`). Writes go to `.tmp/` then `rename` into place, so
 * readers never see half a file. Keys are checked (`isValidStorageKey`) and the resolved path must
 * stay inside the root, so no key can reach outside it.
 */
export function createLocalDiskStorage(options: { root: string; signUrl: (key: string, expiresInSeconds: number, downloadName?: string) => string }): StorageRepository {
  const root = path.resolve(options.root);

  const fileOf = (key: string): string => {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${JSON.stringify(key)}`);
    return file;
  };
  /** A prefix is a key's beginning: check what is there without the trailing part. */
  const prefixDir = (prefix: string): { dir: string; rest: string } => {
    const parts = prefix.split('/');
    const rest = parts.pop() ?? '';
    const dir = parts.length ? fileOf(parts.join('/')) : root;
    return { dir, rest };
  };
  const toObject = async (key: string): Promise<StoredObject | undefined> => {
    const info = await stat(fileOf(key)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { key, size: info.size, contentType: contentTypeForKey(key), modifiedAt: info.mtime };
  };

  async function walk(dir: string, keyPrefix: string, out: string[]): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (dir === root && entry.name === TEMP_DIR) continue;
      const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
      else if (entry.isFile()) out.push(key);
    }
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const { dir, rest } = prefixDir(prefix);
    const base = path.relative(root, dir).split(path.sep).filter(Boolean).join('/');
    const keys: string[] = [];
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.name.startsWith(rest) || (dir === root && entry.name === TEMP_DIR)) continue;
      const key = base ? `${base}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, keys);
      else if (entry.isFile()) keys.push(key);
    }
    return keys.sort();
  }

  return {
    kind: 'local',
    async put(key, body, putOptions) {
      const file = fileOf(key);
      const temp = path.join(root, TEMP_DIR, `${randomUUID()}.part`);
      await mkdir(path.dirname(temp), { recursive: true });
      await mkdir(path.dirname(file), { recursive: true });
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        else await writeFile(temp, body, { flag: 'wx' });
        if (putOptions?.size !== undefined) {
          const written = (await stat(temp)).size;
          if (written !== putOptions.size) throw new Error(`expected ${putOptions.size} bytes for ${key}, got ${written}`);
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return (await toObject(key))!;
    },
    async putFile(key, localPath, putOptions) {
      const file = fileOf(key);
      if (putOptions?.size !== undefined && (await stat(localPath)).size !== putOptions.size) throw new Error(`expected ${putOptions.size} bytes for ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      if (putOptions?.move) {
        try {
          await rename(localPath, file);
          return (await toObject(key))!;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      // Another disk (or a copy was asked for): copy to a temp file in the root, then rename.
      const temp = path.join(root, TEMP_DIR, `${randomUUID()}.part`);
      await mkdir(path.dirname(temp), { recursive: true });
      try {
        await copyFile(localPath, temp);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      if (putOptions?.move) await rm(localPath, { force: true });
      return (await toObject(key))!;
    },
    async get(key, getOptions) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const range = getOptions?.range;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    stat: toObject,
    async delete(key) {
      try {
        await unlink(fileOf(key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async deleteByPrefix(prefix) {
      const keys = await keysUnder(prefix);
      for (const key of keys) await rm(fileOf(key), { force: true });
      // Remove the folders left empty (a whole user's or job's folder when the prefix ends in '/').
      if (prefix.endsWith('/') && prefix.length > 1) await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
      return keys.length;
    },
    async list(prefix) {
      const keys = await keysUnder(prefix);
      const objects = await Promise.all(keys.map(toObject));
      return objects.filter((object): object is StoredObject => object !== undefined);
    },
    async signedUrl(key, urlOptions) {
      fileOf(key);
      return options.signUrl(key, urlOptions.expiresInSeconds, urlOptions.downloadName);
    },
  };
}

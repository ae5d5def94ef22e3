import type { ScratchFiles } from '@voxwork/core';
import { fileToDataUrl, readTextFile, saveStreamToFile, withWorkDir, writeTextFile } from '@voxwork/media';

/** Core's scratch files on this machine's disk, through the media file helpers (scratch folders under the OS temp folder). */
export function localScratchFiles(): ScratchFiles {
  return {
    inScratchFolder: (prefix, work) => withWorkDir(prefix, (_dir, file) => work(file)),
    readText: readTextFile,
    writeText: writeTextFile,
    dataUrl: fileToDataUrl,
    saveStream: saveStreamToFile,
  };
}

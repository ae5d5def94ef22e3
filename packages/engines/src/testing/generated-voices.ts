/** Speech from the local synthesizers other than espeak-ng, for voice-matching tests: festival (text2wave) and flite. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMediaTool } from '@voxwork/media';

/** Festival voices installed by the bootstrap (Debian). */
export type FestivalVoice = 'cmu_us_slt_arctic_hts' | 'kal_diphone' | 'ked_diphone';

/** festival's `text2wave` speaking `text` with `voice` into a WAV (16 kHz for diphone voices, 32 kHz for HTS). */
export async function makeFestivalSpeech(dir: string, name: string, text: string, voice: FestivalVoice = 'cmu_us_slt_arctic_hts'): Promise<string> {
  const file = path.join(dir, name);
  const textFile = `${file}.txt`;
  await writeFile(textFile, text);
  await runMediaTool('text2wave', ['-eval', `(voice_${voice})`, '-o', file, textFile], { timeoutMs: 120_000 });
  return file;
}

/** flite speaking `text` (`slt` female; `kal`, `awb`, `rms` male) into a 16 kHz WAV. */
export async function makeFliteSpeech(dir: string, name: string, text: string, voice: 'slt' | 'kal' | 'awb' | 'rms' = 'awb'): Promise<string> {
  const file = path.join(dir, name);
  await runMediaTool('flite', ['-voice', voice, '-t', text, '-o', file], { timeoutMs: 120_000 });
  return file;
}

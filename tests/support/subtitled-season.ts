/**
 * A generated season for the series tests and bench (issue 28): short 720p (or smaller) episodes in which a
 * woman (flite `slt`) and a man (flite `rms`) take turns, their English lines burned in at
 * mid-frame height in the subtitle corpus's `english-mid-logo` look (white DejaVu Sans with a
 * black outline, the channel logo in a corner), each line shown while it is spoken. A recurring
 * name (Lin Feng, the man) and a term (the Jade Palace) run through the season. Made once per
 * script under the temp folder (a hash of what makes it), written under a temporary name and
 * renamed in, so test files and the bench share it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@voxwork/media';
import { makeConversation, type ConversationVoice } from '../../packages/engines/src/testing/generated-conversation.ts';
import { CORPUS_FONTS } from '../../packages/engines/src/testing/subtitle-corpus.ts';

export type SeasonCharacter = 'woman' | 'man';

export interface SeasonLine {
  character: SeasonCharacter;
  text: string;
  startSeconds: number;
  endSeconds: number;
}

export interface SeasonEpisode {
  number: number;
  file: string;
  lines: SeasonLine[];
  durationSeconds: number;
}

export interface SubtitledSeason {
  episodes: SeasonEpisode[];
  width: number;
  height: number;
  /** Centre of the subtitle line, share of the height. */
  centre: number;
  glyph: number;
}

const VOICE: Record<SeasonCharacter, ConversationVoice> = { woman: 'slt', man: 'rms' };

/** Three short episodes (~9 s each): who speaks first changes from one to the next. */
export const SEASON_SCRIPT: ReadonlyArray<ReadonlyArray<{ character: SeasonCharacter; text: string }>> = [
  [
    { character: 'woman', text: 'Lin Feng, you came back to the Jade Palace.' },
    { character: 'man', text: 'I had to see you again.' },
    { character: 'woman', text: 'Then stay here tonight.' },
  ],
  [
    { character: 'man', text: 'The Jade Palace is very quiet today.' },
    { character: 'woman', text: 'Lin Feng, where were you?' },
    { character: 'man', text: 'I was looking for my father.' },
  ],
  [
    { character: 'woman', text: 'Sign this paper before the night.' },
    { character: 'man', text: 'Lin Feng will not sign it.' },
    { character: 'woman', text: 'Then we wait at the Jade Palace.' },
  ],
];

/** 720p unless asked otherwise (the tests' season is 480p: a third of the pixels to read and erase, the same look). */
const DEFAULT_HEIGHT = 720;
const CENTRE = 0.55;
/** The subtitle's glyph height, share of the frame height (40 px at 720p). */
const GLYPH_SHARE = 40 / 720;
/** A subtitle shows a little before its voice and stays a little after. */
const LEAD_SECONDS = 0.15;
const TAIL_SECONDS = 0.25;
const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const even = (value: number) => 2 * Math.round(value / 2);

/**
 * The season: `script` episodes (default the three above); `repeat` speaks each episode's lines that
 * many times over (the bench's longer episodes); `height` the frame's height (16:9, default 720).
 */
export async function makeSubtitledSeason(options: { script?: typeof SEASON_SCRIPT; repeat?: number; height?: number } = {}): Promise<SubtitledSeason> {
  const script = options.script ?? SEASON_SCRIPT;
  const repeat = Math.max(1, options.repeat ?? 1);
  const height = even(options.height ?? DEFAULT_HEIGHT);
  const width = even((height * 16) / 9);
  const glyph = Math.round(GLYPH_SHARE * height);
  const key = createHash('sha256').update(JSON.stringify({ version: 1, script, repeat, WIDTH: width, HEIGHT: height, CENTRE, GLYPH: glyph })).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), 'voxwork-test-media', `season-${key}`);
  await mkdir(dir, { recursive: true });
  const episodes: SeasonEpisode[] = [];
  for (const [index, lines] of script.entries()) {
    const spoken = Array.from({ length: repeat }, () => lines).flat();
    const file = path.join(dir, `episode-${index + 1}.mp4`);
    const truthFile = `${file}.json`;
    if (!(await access(truthFile).then(() => true, () => false))) {
      const work = await mkdtemp(path.join(dir, 'making-'));
      try {
        const conversation = await makeConversation(work, { name: 'speech', script: spoken.map((line) => ({ voice: VOICE[line.character], text: line.text })), musicDb: -60 });
        const timed: SeasonLine[] = spoken.map((line, lineIndex) => ({
          character: line.character,
          text: line.text,
          startSeconds: Math.round(Math.max(0, conversation.lines[lineIndex]!.startSeconds - LEAD_SECONDS) * 100) / 100,
          endSeconds: Math.round((conversation.lines[lineIndex]!.endSeconds + TAIL_SECONDS) * 100) / 100,
        }));
        const filters: string[] = [];
        for (const [lineIndex, line] of timed.entries()) {
          const textFile = path.join(work, `line-${lineIndex}.txt`);
          await writeFile(textFile, line.text);
          filters.push(
            `drawtext=fontfile=${CORPUS_FONTS.sans}:textfile=${textFile}:expansion=none:fontsize=${glyph}:fontcolor=white:borderw=${Math.max(2, Math.round(glyph / 16))}:bordercolor=black:x=(w-text_w)/2:y=${Math.round(CENTRE * height - glyph / 2)}:enable='gte(t,${line.startSeconds.toFixed(2)})*lt(t,${line.endSeconds.toFixed(2)})'`,
          );
        }
        const logo = path.join(work, 'logo.txt');
        await writeFile(logo, '星河TV');
        const small = Math.round(height / 26);
        filters.push(`drawtext=fontfile=${CORPUS_FONTS.zenhei}:textfile=${logo}:expansion=none:fontsize=${Math.round(small * 1.2)}:fontcolor=white@0.8:borderw=2:bordercolor=black@0.6:x=w-text_w-28:y=h-text_h-28`);
        const seconds = conversation.durationSeconds;
        // A slow pan across tinted bars, as the corpus's `panning` background.
        const background = `smptehdbars=s=${width * 2}x${height}:r=25,hue=h=40,crop=${width}:${height}:x='min(${width},t*${Math.round((60 * height) / DEFAULT_HEIGHT)})':y=0`;
        const partial = path.join(work, `episode.${randomBytes(4).toString('hex')}.mp4`);
        await runFfmpeg([
          ...QUIET,
          '-f', 'lavfi', '-i', background,
          '-i', conversation.file,
          '-vf', [...filters, 'format=yuv420p'].join(','),
          '-map', '0:v', '-map', '1:a',
          '-t', String(seconds),
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20',
          '-c:a', 'aac', '-ar', '48000', '-ac', '2',
          partial,
        ]);
        await rename(partial, file);
        await writeFile(truthFile, JSON.stringify({ lines: timed, durationSeconds: seconds }));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    const truth = JSON.parse(await readFile(truthFile, 'utf8')) as { lines: SeasonLine[]; durationSeconds: number };
    episodes.push({ number: index + 1, file, lines: truth.lines, durationSeconds: truth.durationSeconds });
  }
  return { episodes, width, height, centre: CENTRE, glyph };
}

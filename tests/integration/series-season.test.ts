import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobView, SeriesEpisodeView, SeriesView } from '@voxwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../support/accounts.ts';
import { makeSubtitledSeason, type SeasonCharacter, type SeasonEpisode, type SubtitledSeason } from '../support/subtitled-season.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabases } from '../support/test-database.ts';
import { toolClient, type ToolClient } from '../support/tool-client.ts';
import { createPpocr } from '../../packages/engines/src/index.ts';
import { decodeToPcm } from '../../packages/engines/src/audio/pcm-audio.ts';
import { pitchStatistics, semitonesBetween, trackPitchAsync } from '../../packages/engines/src/audio/pitch-tracker.ts';
import { textSimilarity } from '../../packages/engines/src/ppocr/text-lines.ts';

const run = promisify(execFile);
const runBuffer = promisify(execFile) as (file: string, args: string[], options: { encoding: 'buffer'; maxBuffer: number }) => Promise<{ stdout: Buffer }>;
/** Jobs run in this process: the test app is also a worker. */
const WORKER_ENV = { ROLE: 'api,worker', JOB_POLL_INTERVAL_SECONDS: '0.5' };
/** Frames of the outputs are kept here to be looked at (set VOXWORK_SHOTS to keep them elsewhere). */
const SHOTS = process.env.VOXWORK_SHOTS ?? path.join(tmpdir(), 'voxwork-shots', 'season');
/** Each character's Spanish voice: the woman's is also the run's own (the lead's), so a speaker the run could not place speaks as her. */
const VOICES: Record<SeasonCharacter, string> = { woman: 'espeak:espeak-ng/es+f3', man: 'espeak:espeak-ng/es+m3' };
const CHARACTER_ID: Record<SeasonCharacter, string> = { woman: 'mei', man: 'lin' };
/** The series' Spanish subtitle style: yellow instead of the measured white (the rest measured). */
const PICKED_COLOUR = '#ffd400';

/** Pixels of a frame's region that are light yellow (the picked colour) and light white (the source's). */
async function inkColours(image: string, box: { x: number; y: number; width: number; height: number }): Promise<{ yellow: number; white: number }> {
  const crop = `crop=${Math.round(box.width)}:${Math.round(box.height)}:${Math.round(box.x)}:${Math.round(box.y)}`;
  const { stdout } = await runBuffer('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', image, '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  let yellow = 0;
  let white = 0;
  for (let index = 0; index + 2 < stdout.length; index += 3) {
    const [r, g, b] = [stdout[index]!, stdout[index + 1]!, stdout[index + 2]!];
    if (r > 200 && g > 170 && b < 110) yellow++;
    else if (r > 210 && g > 210 && b > 210) white++;
  }
  return { yellow, white };
}

interface SrtCue {
  start: number;
  end: number;
  text: string;
}

function parseSrt(text: string): SrtCue[] {
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.replace(',', '.').split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  return text
    .trim()
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/))
    .map((lines) => {
      const [from, to] = lines[1]!.split(' --> ');
      return { start: seconds(from!), end: seconds(to!), text: lines.slice(2).join('\n') };
    });
}

type RunOutput = {
  speakerCharacters?: Record<string, string>;
  targets: Array<{ speakerVoices: Record<string, string>; lines: Array<{ source: string; translation: string; speakerId: string; startSeconds: number; endSeconds: number; dubStartSeconds: number | null; dubEndSeconds: number | null }> }>;
};

const overlap = (a: { startSeconds: number; endSeconds: number }, b: { startSeconds: number; endSeconds: number }) => Math.max(0, Math.min(a.endSeconds, b.endSeconds) - Math.max(a.startSeconds, b.startSeconds));
/** The episode's true line a line the run read overlaps most. */
const truthOf = (episode: SeasonEpisode, line: { startSeconds: number; endSeconds: number }) => episode.lines.reduce((best, candidate) => (overlap(candidate, line) > overlap(best, line) ? candidate : best));

/**
 * Issue 28's acceptance, offline: a generated three-episode season (English subtitles burned in,
 * a woman and a man speaking — flite's voices — a recurring name and a term in the series'
 * glossary) localised into Spanish by the series (one video translation per episode: Apertium,
 * the subtitle finder, the erasure, espeak-ng) at 480p, each run giving both outputs: the video
 * with the original voices and new subtitles (subtitles only) and the dubbed one (with the same
 * subtitles drawn). Subtitles only is also quoted on its own (below a dub); a subtitles-only run
 * end to end is in crash-recovery-series.test.ts. OCR on frames of every output finds the Spanish line where the English
 * one was (within 10 % of the height) and no English line; the term is written as the glossary
 * says in every line that has it; soft subtitles = drawn; each character speaks with its own
 * voice in every episode (the voice keys the runs used, and the dub's pitch per character); each
 * episode and language is charged once, and the quote given before is what is charged.
 */
describe.each(testDatabases().slice(-1))('a season localised offline on %s', (_name, open) => {
  let testApp: TestApp;
  let cleanup: () => Promise<void>;
  let client: ToolClient;
  let season: SubtitledSeason;
  let series: SeriesView;
  let work: string;
  const englishLines = () => season.episodes.flatMap((episode) => episode.lines.map((line) => line.text));

  beforeAll(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    testApp = await startTestApp({ name: 'series-season', env: WORKER_ENV, database: opened.handle });
    season = await makeSubtitledSeason({ height: 480 });
    work = await mkdtemp(path.join(tmpdir(), 'voxwork-season-'));
    await mkdir(SHOTS, { recursive: true });
    await newSeries();
  }, 300_000);

  /** A new user and their series (the free plan allows three video translations a month: the season's three). */
  async function newSeries() {
    client = toolClient(testApp.base, await createVerifiedUser(testApp.base, testApp.dataDir, `season-${Date.now()}@example.com`));
    series = await client.data<SeriesView>('/api/series/create', {
      name: 'The Jade Heir',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      subtitleStyles: { es: { color: PICKED_COLOUR } },
      glossary: [
        { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
        { source: 'Lin Feng', target: 'Lin Feng', language: null },
      ],
      // The woman is listed first: on the old code her voice (the lead's) spoke every line.
      characters: [
        { id: CHARACTER_ID.woman, name: 'Mei', gender: 'female', voices: { es: VOICES.woman } },
        { id: CHARACTER_ID.man, name: 'Lin Feng', gender: 'male', voices: { es: VOICES.man } },
      ],
    });
  }
  afterAll(async () => {
    await testApp?.stop();
    await cleanup?.();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const frameAt = async (file: string, seconds: number, name: string) => {
    const output = path.join(SHOTS, name);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', output]);
    return output;
  };

  /** OCR on a frame of each line: the Spanish line drawn where the English one was (= the soft subtitle), no English line anywhere; the term as the glossary says. */
  async function checkDrawn(videoFile: string, srtFile: string, episode: SeasonEpisode, tag: string) {
    const cues = parseSrt(await readFile(srtFile, 'utf8'));
    expect(cues, tag).toHaveLength(episode.lines.length);
    const ocr = await createPpocr();
    const sourceCentre = season.centre * season.height;
    for (const [index, cue] of cues.entries()) {
      const frame = await frameAt(videoFile, (cue.start + cue.end) / 2, `${tag}-line-${index + 1}.png`);
      const read = await ocr.doDetect({ input: { frames: [{ imageFile: frame, timeSeconds: 0 }] }, mode: 'all-text', languages: ['en'] });
      const texts = read.boxes.map((box) => ({ text: box.text, centre: box.box.y + box.box.height / 2 }));
      const drawn = texts.filter((text) => Math.abs(text.centre - sourceCentre) <= season.height * 0.1).map((text) => text.text).join(' ');
      // In the series' colour: the drawn row's light ink is yellow, not the source's white.
      const row = read.boxes.find((box) => Math.abs(box.box.y + box.box.height / 2 - sourceCentre) <= season.height * 0.1);
      if (row) {
        // The same place in the source frame (white text over the same background) as the control: the check can fail.
        const source = await frameAt(episode.file, (cue.start + cue.end) / 2, `${tag}-line-${index + 1}-source.png`);
        const [ink, control] = await Promise.all([inkColours(frame, row.box), inkColours(source, row.box)]);
        console.info(`[season] ${tag} line ${index + 1}: drawn ${JSON.stringify(ink)}, source ${JSON.stringify(control)}`);
        expect(control.white, `${tag} line ${index + 1}: source ${JSON.stringify(control)}`).toBeGreaterThan(4 * control.yellow);
        expect(ink.yellow, `${tag} line ${index + 1}: drawn ${JSON.stringify(ink)}`).toBeGreaterThan(4 * ink.white);
      }
      expect(textSimilarity(drawn, cue.text.replace(/\n/g, ' ')), `${tag} line ${index + 1}: read "${drawn}", subtitle "${cue.text}" (${JSON.stringify(texts)})`).toBeGreaterThanOrEqual(0.75);
      for (const text of texts) for (const english of englishLines()) expect(textSimilarity(text.text, english), `${tag}: "${text.text}" is "${english}"`).toBeLessThan(0.5);
      const truth = truthOf(episode, { startSeconds: cue.start, endSeconds: cue.end });
      if (truth.text.includes('Jade Palace')) expect(cue.text.replace(/\n/g, ' '), `${tag} line ${index + 1}`).toContain('Palacio de Jade');
      if (truth.text.includes('Lin Feng')) expect(cue.text.replace(/\n/g, ' '), `${tag} line ${index + 1}`).toContain('Lin Feng');
    }
    return cues;
  }

  /** Quote, then add: the add freezes exactly the quote, one run per episode (one target language). */
  async function addQuoted(episodes: SeasonEpisode[], output: 'subtitles' | 'both') {
    const uploadIds = await Promise.all(episodes.map((episode) => client.upload(`episode-${episode.number}.mp4`, episode.file)));
    const quote = await client.data<{ cost: number; languages: string[]; episodes: Array<{ uploadId: string; seconds: number; cost: number }> }>('/api/series/episodes/quote', { seriesId: series.id, uploadIds, subtitles: 'replace', output });
    expect(quote.languages).toEqual(['es']);
    for (const [index, quoted] of quote.episodes.entries()) expect(Math.abs(quoted.seconds - episodes[index]!.durationSeconds)).toBeLessThan(0.5);
    const before = await client.points();
    const added = await client.data<{ episodes: SeriesEpisodeView[]; cost: number }>('/api/series/episodes/add', { seriesId: series.id, episodes: uploadIds.map((uploadId) => ({ uploadId })), textSource: 'subtitles', subtitles: 'replace', output });
    expect(added.cost).toBe(quote.cost);
    expect(added.episodes.map((episode) => episode.jobs.length)).toEqual(episodes.map(() => 1));
    expect(added.episodes.map((episode) => episode.cost.estimated)).toEqual(quote.episodes.map((episode) => episode.cost));
    return { added, quote, before };
  }

  it('subtitles only is quoted below a dub: 10 points per started minute and language, a dub 30', async () => {
    const uploadIds = await Promise.all(season.episodes.map((episode) => client.upload(`episode-${episode.number}.mp4`, episode.file)));
    const quote = (output: 'subtitles' | 'both') =>
      client.data<{ cost: number; episodes: Array<{ cost: number }> }>('/api/series/episodes/quote', { seriesId: series.id, uploadIds, subtitles: 'replace', output });
    // Every episode is under a minute; espeak-ng's voices are the ×1 tier.
    expect((await quote('subtitles')).episodes.map((episode) => episode.cost)).toEqual([10, 10, 10]);
    expect((await quote('both')).episodes.map((episode) => episode.cost)).toEqual([30, 30, 30]);
  });

  it('subtitles and dub, three episodes: both outputs of each show the Spanish line where the English one was (= the soft subtitles), the glossary kept; each character speaks with its own voice in every episode, whoever speaks first (episodes 2 and 3 placed by the voiceprints episode 1 taught); charged the quote once', async () => {
    const pitches: Record<SeasonCharacter, number[]> = { woman: [], man: [] };
    let firstBand: unknown;
    // Episode 1 (the woman speaks first) alone; then episodes 2 (the man first) and 3 together, once episode 1 has taught the characters' voiceprints.
    for (const batch of [season.episodes.slice(0, 1), season.episodes.slice(1)]) {
      const { added, quote, before } = await addQuoted(batch, 'both');
      expect(quote.cost).toBe(30 * batch.length);
      const jobs: JobView[] = [];
      for (const episode of added.episodes) jobs.push(await client.until(episode.jobs[0]!.jobId, 1_200_000));
      for (const job of jobs) {
        expect(job.status, JSON.stringify(job.error)).toBe('completed');
        expect(job.cost.settled).toBe(job.cost.estimated);
      }
      const after = await client.points();
      expect(before.availablePoint - after.availablePoint).toBe(quote.cost);
      expect(after.freezePoint).toBe(before.freezePoint);
      for (const [index, job] of jobs.entries()) {
        const episode = batch[index]!;
        const characters = (job.input as { characters?: Array<{ id: string; medianPitchHz: number | null }> }).characters;
        // After episode 1, the voiceprints it taught go with every run.
        if (episode.number > 1) expect(characters!.every((character) => character.medianPitchHz !== null), JSON.stringify(characters)).toBe(true);
        const output = job.output as RunOutput;
        // Episodes 2 and 3 looked for their subtitles first where episode 1's were read (decision 109).
        const pictureLines = job.stages.find((stage) => stage.name === 'picture-lines')?.output as { band?: unknown; searchedFirst?: { band: unknown } } | undefined;
        if (episode.number === 1) {
          expect(pictureLines?.searchedFirst).toBeUndefined();
          firstBand = pictureLines?.band;
          expect(firstBand).toBeDefined();
        } else expect(pictureLines?.searchedFirst?.band, `E${episode.number}: searched first where episode 1 was read`).toEqual(firstBand);
        const target = output.targets[0]!;
        expect(target.lines).toHaveLength(episode.lines.length);
        // Every line whose source has the term carries it as given.
        for (const line of target.lines) if (/jade palace/i.test(line.source)) expect(line.translation).toContain('Palacio de Jade');
        const dir = await mkdtemp(path.join(work, `episode-${episode.number}-`));
        const stem = await client.download(job.media.find((media) => media.name === 'es-voice-stem.mp3')!.url, path.join(dir, 'voice.mp3'));
        const track = await trackPitchAsync(await decodeToPcm(stem, 16_000));
        const here: Record<SeasonCharacter, number[]> = { woman: [], man: [] };
        for (const line of target.lines) {
          const truth = truthOf(episode, line);
          // The speaker the run heard is the true character, and spoke with that character's voice.
          expect(output.speakerCharacters?.[line.speakerId], `E${episode.number} "${line.source}" (${JSON.stringify(output.speakerCharacters)})`).toBe(CHARACTER_ID[truth.character]);
          expect(target.speakerVoices[line.speakerId], `E${episode.number} "${line.source}" (${JSON.stringify(target.speakerVoices)})`).toBe(VOICES[truth.character]);
          const pitch = pitchStatistics(track, [{ startSeconds: line.dubStartSeconds!, endSeconds: line.dubEndSeconds! }]).medianHz;
          expect(pitch, `E${episode.number} "${line.translation}"`).toBeDefined();
          here[truth.character].push(pitch!);
        }
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
        // The woman's dubbed lines sit well above the man's.
        expect(semitonesBetween(median(here.man), median(here.woman)), JSON.stringify(here)).toBeGreaterThanOrEqual(3);
        pitches.woman.push(median(here.woman));
        pitches.man.push(median(here.man));
        // Both outputs: the dubbed video and the subtitled one (the original voices), each with the Spanish line drawn where the English was, as the soft subtitles say.
        const srt = await client.download(job.media.find((media) => media.name === 'es-subtitles.srt')!.url, path.join(dir, 'es.srt'));
        for (const name of ['es-video.mp4', 'es-subtitled.mp4']) {
          const video = await client.download(job.media.find((media) => media.name === name)!.url, path.join(dir, name));
          const cues = await checkDrawn(video, srt, episode, `e${episode.number}-${name.replace('.mp4', '')}`);
          expect(cues.map((cue) => cue.text.replace(/\n/g, ' '))).toEqual(target.lines.map((line) => line.translation));
        }
      }
    }
    // Each character's voice, measured in the dub, is the same in every episode: within 2 semitones of its first
    // episode's (a question lifts espeak-ng's median by about one), and nearer it than the other character's.
    const apart = (a: number, b: number) => Math.abs(semitonesBetween(a, b));
    for (const [character, other] of [['woman', 'man'], ['man', 'woman']] as const) {
      const [first, ...later] = pitches[character];
      expect(later, JSON.stringify(pitches)).toHaveLength(2);
      for (const pitch of later) {
        expect(apart(first!, pitch), `${character}: ${pitches[character].join(', ')} Hz`).toBeLessThanOrEqual(2);
        expect(apart(first!, pitch)).toBeLessThan(apart(pitches[other][0]!, pitch));
      }
    }
    const board = await client.data<{ episodes: SeriesEpisodeView[] }>('/api/series/episodes/list', { seriesId: series.id });
    expect(board.episodes.map((episode) => [episode.number, episode.status, episode.glossaryChecked, episode.glossaryMisses])).toEqual([
      [1, 'completed', ['es'], []],
      [2, 'completed', ['es'], []],
      [3, 'completed', ['es'], []],
    ]);
  }, 2_400_000);
});

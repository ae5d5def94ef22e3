/**
 * Video translation's last stages: the review gate (pro jobs wait there for their owner), the mix
 * of each language's voice over the original's background (`mix`), the videos (`mux`: the dub, the
 * original sound under new subtitles, or both; subtitles drawn or burned in when asked) and what
 * the job delivers (`deliver`).
 */
import { backgroundBedArgs, burnSubtitlesArgs, dubbedVideoArgs, dubMixArgs, encodeMp3Args, MP4_AUDIO_CODECS, normalizeLoudness, resampleArgs, runFfmpeg } from '@voxwork/media';
import type { JobMediaFile, StageDefinition } from '../jobs/pipeline-definition.ts';
import { burnInScript, iso6392, MIX_SAMPLE_RATE, SPEECH_SAMPLE_RATE, type SubtitleTrackStyle } from '../pipeline-stages/index.ts';
import { writeDrawnScript } from './video-translation-picture.stages.ts';
import {
  drawsOverPictureLines,
  linesOf,
  makesDub,
  makesSubtitledVideo,
  MEDIA_TIMEOUT_MS,
  placementsOf,
  prefixOf,
  speakersCheckpoint,
  translationsOf,
  type VideoTranslationJobInput,
  type VideoTranslationPipelineDeps,
} from './video-translation-job.ts';

/** How far the original's background goes down under the new voice, dB, and the ramps into and out of it, seconds. */
const BED_UNDER_VOICE_DB = -8;
const BED_RAMP_SECONDS = 0.1;

export function videoTranslationOutputStages({ videoEngines, scratch }: VideoTranslationPipelineDeps): Array<StageDefinition<VideoTranslationJobInput>> {
  return [
    {
      // The review gate: pro jobs wait here with every line spoken and fitted (the owner edits,
      // regenerates what changed, then lets it go on: the output records that); quick jobs pass.
      name: 'review',
      weight: 0,
      waitsForUser: (input) => input.mode === 'pro',
      run: () => Promise.resolve({ reviewed: false }),
    },
    {
      name: 'mix',
      weight: 2,
      async run({ input, outputs, files, signal }) {
        if (!makesDub(input)) return { files: [], backgroundMethod: null, warnings: [] };
        const lines = linesOf(outputs);
        const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
        let method: 'centre-cancel' | 'duck' | 'separator' = (outputs.ingest?.backgroundMethod as 'centre-cancel' | 'duck' | undefined) ?? 'duck';
        const warnings: string[] = [];
        if (input.separatorId) {
          // A separation engine (speech isolation): the whole soundtrack without its voices is the bed, music kept under the speech too.
          const separated = await videoEngines.separate({
            engineId: input.separatorId,
            audioFile: await files.path('original.wav'),
            outputVoiceFile: await files.path('isolated-voice.wav'),
            outputBackgroundFile: await files.path('separated-background.wav'),
            signal,
          });
          warnings.push(...separated.warnings);
          await runFfmpeg(resampleArgs({ input: await files.path('separated-background.wav'), output: await files.path('background.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          method = 'separator';
        } else {
          // The bed: the original where nobody speaks; where the original speech was, its centre removed (stereo) or lowered (mono).
          // Where the speakers stage heard the voice (VAD) inside a line's slot, only there: a subtitle shown longer than it is spoken keeps its music.
          const heard = new Map(speakersCheckpoint(outputs).lines.map((line) => [line.lineId, line]));
          const speechRegions = lines.map((line) => {
            const voice = heard.get(line.id);
            return voice?.speechStartSeconds != null && voice.speechEndSeconds != null && voice.speechEndSeconds > voice.speechStartSeconds
              ? { startSeconds: voice.speechStartSeconds, endSeconds: voice.speechEndSeconds }
              : { startSeconds: line.startSeconds, endSeconds: line.endSeconds };
          });
          await runFfmpeg(
            backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions, method, sampleRate: MIX_SAMPLE_RATE }),
            { signal, timeoutMs: MEDIA_TIMEOUT_MS },
          );
        }
        const written = ['background.wav'];
        const placements = placementsOf(outputs);
        for (const target of input.targets) {
          const prefix = prefixOf(target.language);
          // The new voice is brought to speech loudness on its own; the bed keeps the original's level between the lines
          // (a loudness pass over the whole mix lowered the music there by ~10 dB) and goes down only under the new voice, ramped.
          const voice = await files.path(`${prefix}voice-level.wav`);
          await normalizeLoudness({ input: await files.path(`${prefix}voice.wav`), output: voice, sampleRate: MIX_SAMPLE_RATE }, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          const duckRegions = (placements[target.language] ?? []).filter((placement) => placement.endSeconds > placement.startSeconds).map((placement) => ({ startSeconds: placement.startSeconds, endSeconds: placement.endSeconds }));
          await runFfmpeg(
            dubMixArgs({ voice, background: await files.path('background.wav'), output: await files.path(`${prefix}dub.wav`), durationSeconds, voiceGainDb: 0, duckRegions, duckDb: BED_UNDER_VOICE_DB, rampSeconds: BED_RAMP_SECONDS, sampleRate: MIX_SAMPLE_RATE }),
            { signal, timeoutMs: MEDIA_TIMEOUT_MS },
          );
          written.push(`${prefix}dub.wav`);
        }
        return { files: written, backgroundMethod: method, warnings };
      },
    },
    {
      name: 'mux',
      weight: 1,
      dependsOn: ['mix', 'fit', 'drawn-subtitles', 'erase'],
      async run({ input, outputs, files, signal }) {
        const written: string[] = [];
        const width = (outputs.ingest?.width as number | undefined) ?? 1280;
        const height = (outputs.ingest?.height as number | undefined) ?? 720;
        const placements = placementsOf(outputs);
        const translations = translationsOf(outputs);
        const draws = drawsOverPictureLines(input);
        // Burned in (drawn over the picture's lines, or today's burn-in) the translation is not offered again as a track.
        const burned = draws || input.burnSubtitles === true;
        for (const target of input.targets) {
          const prefix = prefixOf(target.language);
          let picture = await files.path('source.video');
          if (draws && outputs.erase?.drawnOver === target.language) {
            // Drawn in the erasure's own encode (one language, no review gate: decision 082).
            picture = await files.path(`${prefix}drawn.mp4`);
          } else if (draws) {
            // Drawn where the source lines were, in their style: over the erased picture (replace) or beside the original (bilingual).
            // The script is written again from the translations as they are now (a line edited at the review gate of a run without a dub is drawn as edited).
            const drawing = outputs['drawn-subtitles'] as unknown as { style: SubtitleTrackStyle; width: number; height: number };
            await writeDrawnScript(scratch, input, outputs, files, target.language, drawing);
            const under = await files.path(outputs.erase?.erased ? 'erased.mp4' : 'source.video');
            picture = await files.path(`${prefix}drawn.mp4`);
            await runFfmpeg(burnSubtitlesArgs({ video: under, subtitles: await files.path(`${prefix}drawn.ass`), output: picture }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          } else if (input.burnSubtitles) {
            // Burned in: lines broken to fit the frame (CJK-aware), drawn by libass; only then is the picture re-encoded.
            const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
            const cues = makesDub(input)
              ? (placements[target.language] ?? []).map((placement) => ({ start: placement.startSeconds, end: placement.endSeconds, text: texts.get(placement.id) ?? '' }))
              : linesOf(outputs).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: texts.get(line.id) ?? '' }));
            await scratch.writeText(await files.path(`${prefix}burn.ass`), burnInScript(cues, { width, height }));
            picture = await files.path(`${prefix}burned.mp4`);
            await runFfmpeg(burnSubtitlesArgs({ video: await files.path('source.video'), subtitles: await files.path(`${prefix}burn.ass`), output: picture }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          }
          const tracks = [
            ...(burned ? [] : [{ file: await files.path(`${prefix}subtitles.srt`), language: iso6392(target.language), title: target.language }]),
            { file: await files.path('source.srt'), language: iso6392(input.sourceLanguage), title: input.sourceLanguage },
          ];
          if (makesDub(input)) {
            await runFfmpeg(
              dubbedVideoArgs({ video: picture, audio: await files.path(`${prefix}dub.wav`), output: await files.path(`${prefix}video.mp4`), audioLanguage: iso6392(target.language), subtitles: tracks }),
              { signal, timeoutMs: MEDIA_TIMEOUT_MS },
            );
            written.push(`${prefix}video.mp4`);
          }
          if (makesSubtitledVideo(input)) {
            // The original voices under the new subtitles (their sound copied when an MP4 holds it: jobs ingested before kept no codec).
            const audioCodec = outputs.ingest?.audioCodec as string | undefined;
            await runFfmpeg(
              dubbedVideoArgs({ video: picture, audio: await files.path('source.video'), output: await files.path(`${prefix}subtitled.mp4`), audioLanguage: iso6392(input.sourceLanguage), subtitles: tracks, copyAudio: audioCodec !== undefined && MP4_AUDIO_CODECS.includes(audioCodec) }),
              { signal, timeoutMs: MEDIA_TIMEOUT_MS },
            );
            written.push(`${prefix}subtitled.mp4`);
          }
        }
        return { files: written };
      },
    },
    {
      name: 'deliver',
      weight: 1,
      dependsOn: ['mux', 'mix', 'fit', 'drawn-subtitles', 'source-text'],
      async run({ input, outputs, files, signal, store }) {
        const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
        const mp3 = async (wav: string, name: string, channels: 1 | 2) => {
          await runFfmpeg(encodeMp3Args({ input: await files.path(wav), output: await files.path(name), sampleRate: channels === 2 ? MIX_SAMPLE_RATE : SPEECH_SAMPLE_RATE, bitrateKbps: channels === 2 ? 192 : 96 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
          return name;
        };
        const media: Record<string, JobMediaFile[]> = {};
        const written: string[] = [];
        for (const target of input.targets) {
          const prefix = prefixOf(target.language);
          media[target.language] = [];
          if (makesDub(input)) {
            const dub = await mp3(`${prefix}dub.wav`, `${prefix}dubbed-audio.mp3`, 2);
            const voice = await mp3(`${prefix}voice.wav`, `${prefix}voice-stem.mp3`, 1);
            written.push(dub, voice);
            media[target.language]!.push(await store(`${prefix}video.mp4`, { role: 'video', durationSeconds }));
            if (makesSubtitledVideo(input)) media[target.language]!.push(await store(`${prefix}subtitled.mp4`, { role: 'video', durationSeconds }));
            media[target.language]!.push(await store(dub, { role: 'audio', durationSeconds }), await store(voice, { role: 'audio' }));
          } else {
            media[target.language]!.push(await store(`${prefix}subtitled.mp4`, { role: 'video', durationSeconds }));
          }
          media[target.language]!.push(await store(`${prefix}subtitles.srt`, { role: 'subtitles' }), await store(`${prefix}subtitles.vtt`, { role: 'subtitles' }));
        }
        const shared: JobMediaFile[] = [];
        if (makesDub(input)) {
          const background = await mp3('background.wav', 'background-stem.mp3', 2);
          written.push(background);
          shared.push(await store(background, { role: 'audio', durationSeconds }));
        }
        shared.push(await store('source.srt', { role: 'subtitles' }), await store('source.vtt', { role: 'subtitles' }));
        return { files: written, media, shared };
      },
    },
  ];
}

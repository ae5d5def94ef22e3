/**
 * The dubbing editor's jobs. Each re-reads the project (payloads carry ids) and writes what it made
 * through the store, which raises revisions so an editor holding older ones hears of it.
 *
 *   dubbing.prepare     ingest → lines → stems → takes → finish   (free)
 *   dubbing.translate   translate                                 (per 1,000 characters translated)
 *   dubbing.synthesize  synthesize                                (per 1,000 characters spoken, tiers)
 *   dubbing.export      render → deliver                          (free)
 *
 * Preparation reads its words and speakers as video translation does (`source-text.ts`,
 * `speakers.ts`), gives each speaker an automatic voice per target language, and makes the
 * background (centre cancellation or ducking under the speech) and the original dialogue as
 * stems. A project opened from a finished video translation takes over its lines, speakers,
 * translations and takes (each cut out of that job's voice stem, so nothing is spoken again).
 */
import { dubbingSynthesisCost, ErrorCode, MATCH_ORIGINAL_VOICE, type SpeechQualityTier } from '@voxwork/contract';
import { takeSource, type DubbingCharacter } from '@voxwork/contract/dubbing';
import { backgroundBedArgs, dubbedVideoArgs, dubMixArgs, extractAudioArgs, normalizeLoudness, regionsOnlyArgs, resampleArgs, takePieceArgs } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { JobFiles, JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { audioDuration, characterBudget, eachConcurrently, fetchStoredFile, iso6392, MIX_SAMPLE_RATE, renderPlacedTakes, SPEECH_SAMPLE_RATE, spokenText, writeCueFiles, type PlacedTake } from '../pipeline-stages/index.ts';
import { findLibraryVoice, libraryTarget, LOCAL_VOICE_PROFILER, originalSpeakerTarget, synthesizeWithTarget, type OriginalSpeakerReading } from '../voices/voice-choice.ts';
import { peakBytes, putProjectFile, takeFileName } from './dubbing-media.ts';
import type { DubbingExportJobInput, DubbingSynthesizeJobInput, DubbingTranslateJobInput, StoredProject, StoredSegment } from './dubbing-store.port.ts';
import { createDubbingPreparePipeline } from './dubbing-prepare.pipeline.ts';
import { MEDIA_TIMEOUT_MS, MIN_SPEAKER_PROFILE_SECONDS, type DubbingPipelineDeps, DEFAULT_SYNTHESIS_CONCURRENCY, seconds, toMs, dubbingPipelineKit } from './dubbing-pipeline-kit.ts';

export { DEFAULT_SYNTHESIS_CONCURRENCY, finishedTranslation, type DubbingJobRecord, type DubbingPipelineDeps } from './dubbing-pipeline-kit.ts';

export function createDubbingPipelines(deps: DubbingPipelineDeps) {
  const { engines, videoEngines, storage, scratch, dubbing } = deps;
  const kit = dubbingPipelineKit(deps);
  const { ffmpeg, requireProject, readJson, writeJson, mp3 } = kit;
  const prepare = createDubbingPreparePipeline(deps, kit);

  // -------------------------------------------------------------------------------------------
  // dubbing.translate

  const translate: PipelineDefinition<DubbingTranslateJobInput> = {
    stages: [
      {
        name: 'translate',
        async run({ input, signal }) {
          const project = await requireProject(input.projectId);
          const segments = (await dubbing.segments(input.projectId, input.segmentIds)).filter((segment) => segment.sourceText.trim());
          if (!segments.length) return { translated: 0, characters: 0, warnings: [] };
          const result = await videoEngines.translate({
            engineId: input.translatorId,
            sourceLanguage: project.sourceLanguage,
            targetLanguage: input.language,
            lines: segments.map((segment) => ({ id: segment.id, text: segment.sourceText, maxCharacters: characterBudget(seconds(segment.endMs - segment.startMs), input.language) })),
            glossary: project.glossary,
            signal,
          });
          const texts = result.lines.filter((line) => line.text.trim()).map((line) => ({ segmentId: line.id, text: line.text.trim() }));
          await dubbing.setTranslations(input.projectId, input.language, texts);
          const done = new Set(texts.map((line) => line.segmentId));
          // Charged for the source text actually translated.
          const characters = segments.filter((segment) => done.has(segment.id)).reduce((sum, segment) => sum + [...segment.sourceText.trim()].length, 0);
          return { translated: texts.length, characters, warnings: result.warnings };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, language: input.language, translated: outputs.translate?.translated ?? 0, characters: outputs.translate?.characters ?? 0, warnings: outputs.translate?.warnings ?? [] }),
    actualCost: (input, outputs, frozen) => {
      const characters = (outputs.translate?.characters as number | undefined) ?? 0;
      return characters > 0 ? Math.min(frozen, Math.max(1, Math.ceil((characters / 1000) * input.pricePer1000))) : 0;
    },
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.synthesize

  /** "Match the original speaker" for a character: a profile of their own speech in the original dialogue (all of it when they say too little), measured once per job. */
  async function originalVoice(project: StoredProject, character: DubbingCharacter, language: string, files: JobFiles, signal: AbortSignal): Promise<VoiceTarget> {
    const profileFile = `original-${character.id}.json`;
    let reading = await readJson<OriginalSpeakerReading>(files, profileFile);
    if (!reading) {
      const whole = await files.path('original-16k.wav');
      if (!(await files.exists('original-16k.wav'))) {
        const sourceKey = project.dialogueKey ?? project.mediaKey;
        if (!sourceKey) throw new DomainError(ErrorCode.DUBBING_NOT_READY);
        await fetchStoredFile(storage, scratch, sourceKey, await files.path('original.source'));
        await ffmpeg(resampleArgs({ input: await files.path('original.source'), output: whole, sampleRate: 16_000, channels: 1 }), signal);
      }
      const regions = (await dubbing.segments(project.id))
        .filter((segment) => segment.characterId === character.id)
        .map((segment) => ({ startSeconds: seconds(segment.startMs), endSeconds: seconds(segment.endMs) }))
        .slice(0, 500);
      let speech = whole;
      if (regions.reduce((sum, region) => sum + region.endSeconds - region.startSeconds, 0) >= MIN_SPEAKER_PROFILE_SECONDS) {
        speech = await files.path(`speech-${character.id}.wav`);
        await ffmpeg(regionsOnlyArgs({ input: whole, output: speech, regions, sampleRate: 16_000 }), signal);
      }
      const measured = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [speech], name: `original speaker ${character.id}`, signal });
      reading = { profile: measured.profile, medianPitchHz: measured.medianPitchHz, suggestedGender: measured.suggestedGender, suggestedBaseVoices: measured.suggestedBaseVoices };
      await writeJson(files, profileFile, reading);
    }
    return originalSpeakerTarget({ voices: await engines.libraryVoices(), language, speakerId: character.originalSpeakerId ?? character.id, reading });
  }

  /** What this job has spoken so far (a restarted job skips these while their takes still match). */
  type Spoken = Record<string, { characters: number; tier: SpeechQualityTier; madeFrom: string }>;

  const synthesize: PipelineDefinition<DubbingSynthesizeJobInput> = {
    stages: [
      {
        name: 'synthesize',
        async run({ input, files, signal, jobId, reportProgress }) {
          const project = await requireProject(input.projectId);
          const { language } = input;
          const segments = await dubbing.segments(input.projectId, input.segmentIds);
          const spoken = (await readJson<Spoken>(files, 'spoken.json')) ?? {};
          // Promises, so two takes of one voice running at once find (or measure) it once.
          const targets = new Map<string, Promise<VoiceTarget | undefined>>();
          const warnings: string[] = [];
          const voiceFor = async (character: DubbingCharacter, voiceKey: string): Promise<VoiceTarget | undefined> => {
            const cacheKey = voiceKey === MATCH_ORIGINAL_VOICE ? `${voiceKey}@${character.id}` : voiceKey;
            let target = targets.get(cacheKey);
            if (!target) {
              target =
                voiceKey === MATCH_ORIGINAL_VOICE
                  ? originalVoice(project, character, language, files, signal)
                  : Promise.resolve(input.voices?.[voiceKey] ?? findLibraryVoice(engines, voiceKey).then((voice) => (voice ? libraryTarget(voice) : undefined)));
              targets.set(cacheKey, target);
              // A failed look-up is not remembered: the next take asks again.
              target.catch(() => targets.delete(cacheKey));
            }
            return target;
          };
          // The take files of this job get a running number; a restarted job goes on from what it has spoken.
          let made = Object.keys(spoken).length;
          let saving = Promise.resolve();
          const saveSpoken = () => (saving = saving.then(() => writeJson(files, 'spoken.json', spoken)));
          let done = 0;
          const step = () => reportProgress((++done / segments.length) * 100);
          // Takes are independent: `synthesisConcurrency` at a time (each an engine process, ffmpeg and a write).
          await eachConcurrently(segments, deps.synthesisConcurrency ?? DEFAULT_SYNTHESIS_CONCURRENCY, async (segment) => {
            signal.throwIfAborted();
            const text = segment.translations[language]?.trim() ?? '';
            const character = project.characters.find((candidate) => candidate.id === segment.characterId);
            const voiceKey = character?.voices[language];
            if (!text || !character || !voiceKey) {
              warnings.push(`${segment.id}: ${!text ? 'no text' : 'no voice'}`);
              return step();
            }
            const madeFrom = takeSource(text, voiceKey, language);
            // Spoken by an earlier attempt of this job and still current: kept.
            if (spoken[segment.id]?.madeFrom === madeFrom && segment.takes[language]?.madeFrom === madeFrom) return step();
            const target = await voiceFor(character, voiceKey);
            if (!target) {
              // The voice changed after the job was accepted to one it was not priced for: left for the next run.
              warnings.push(`${segment.id}: voice ${voiceKey} not available`);
              return step();
            }
            const number = ++made;
            const file = await files.path(`take-${segment.id}.wav`);
            const outcome = await synthesizeWithTarget(engines, {
              target,
              text: spokenText(text, project.pronunciations, language),
              language,
              speed: 1,
              pitchSemitones: 0,
              volume: 1,
              outputFile: file,
              sampleRate: SPEECH_SAMPLE_RATE,
              signal,
            });
            const durationSeconds = outcome.durationSeconds || (await audioDuration(file, signal));
            const key = await putProjectFile(storage, project, takeFileName(language, segment.id, `${jobId.slice(0, 8)}-${number}`), file);
            const { replacedKeys } = await dubbing.setTakes(input.projectId, language, [
              { segmentId: segment.id, take: { kind: 'synthesized', key, durationMs: toMs(durationSeconds), madeFrom, peaks: [...(await peakBytes(file, durationSeconds, signal))] } },
            ]);
            await Promise.all(replacedKeys.filter((replaced) => replaced !== key).map((replaced) => storage.delete(replaced)));
            spoken[segment.id] = { characters: [...text].length, tier: target.qualityTier, madeFrom };
            await saveSpoken();
            step();
          });
          await saving;
          const charactersByTier: Partial<Record<SpeechQualityTier, number>> = {};
          for (const entry of Object.values(spoken)) charactersByTier[entry.tier] = (charactersByTier[entry.tier] ?? 0) + entry.characters;
          return { files: ['spoken.json'], spoken: Object.keys(spoken).length, charactersByTier, warnings };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, language: input.language, spoken: outputs.synthesize?.spoken ?? 0, warnings: outputs.synthesize?.warnings ?? [] }),
    actualCost: (_input, outputs, frozen) => Math.min(frozen, dubbingSynthesisCost((outputs.synthesize?.charactersByTier as Partial<Record<SpeechQualityTier, number>> | undefined) ?? {})),
  };

  // -------------------------------------------------------------------------------------------
  // dubbing.export

  const subtitleCues = (segments: readonly StoredSegment[], text: (segment: StoredSegment) => string) =>
    segments.flatMap((segment) => (text(segment).trim() ? [{ start: seconds(segment.startMs), end: seconds(segment.endMs), text: text(segment).trim() }] : []));

  const exporting: PipelineDefinition<DubbingExportJobInput> = {
    stages: [
      {
        // Every language's dialogue track (each take at its segment's start, at its speed and volume), mixed over the background.
        name: 'render',
        weight: 3,
        async run({ input, files, signal, reportProgress }) {
          const project = await requireProject(input.projectId);
          if (project.status !== 'ready' || !project.mediaKey) throw new DomainError(ErrorCode.DUBBING_NOT_READY);
          const durationSeconds = seconds(project.durationMs);
          const segments = [...(await dubbing.segments(input.projectId))].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
          await fetchStoredFile(storage, scratch, project.mediaKey, await files.path('source.media'));
          // The bed: the background stem, or (none) the original with its speech ducked.
          if (project.backgroundKey) {
            await fetchStoredFile(storage, scratch, project.backgroundKey, await files.path('background.source'));
            await ffmpeg(resampleArgs({ input: await files.path('background.source'), output: await files.path('background.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), signal);
          } else {
            await ffmpeg(extractAudioArgs({ input: await files.path('source.media'), output: await files.path('original.wav'), sampleRate: MIX_SAMPLE_RATE, channels: 2 }), signal);
            const speechRegions = segments.map((segment) => ({ startSeconds: seconds(segment.startMs), endSeconds: seconds(segment.endMs) }));
            await ffmpeg(backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions, method: 'duck', sampleRate: MIX_SAMPLE_RATE }), signal);
          }
          const written = ['source.media', 'background.wav'];
          for (const [languageIndex, language] of input.languages.entries()) {
            // Each take where the editor plays it: at its segment's start, over another where the segments overlap.
            const placed: Array<PlacedTake<string>> = [];
            for (const [index, segment] of segments.entries()) {
              const take = segment.takes[language];
              if (!take || seconds(segment.startMs) >= durationSeconds) continue;
              const taken = await files.path(`${language}-take-${index}.source`);
              await fetchStoredFile(storage, scratch, take.key, taken);
              const piece = await files.path(`${language}-piece-${index}.wav`);
              await ffmpeg(takePieceArgs({ input: taken, output: piece, speed: segment.speed, volume: segment.volume, sampleRate: SPEECH_SAMPLE_RATE }), signal);
              placed.push({ take: piece, startSeconds: seconds(segment.startMs), lengthSeconds: await audioDuration(piece, signal) });
            }
            const dialogue = await files.path(`${language}-dialogue.wav`);
            await renderPlacedTakes(placed, { output: dialogue, lanePath: (lane) => files.path(`${language}-lane-${lane}.wav`), durationSeconds, sampleRate: SPEECH_SAMPLE_RATE, signal, timeoutMs: MEDIA_TIMEOUT_MS });
            // As in the video translator (decision 044): the dialogue alone is brought to speech loudness, the bed keeps its own
            // level between the lines and goes down only under the takes, ramped; nothing normalises the whole mix.
            const voice = await files.path(`${language}-voice-level.wav`);
            await normalizeLoudness({ input: dialogue, output: voice, sampleRate: MIX_SAMPLE_RATE }, { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            const duckRegions = placed.filter(({ lengthSeconds }) => lengthSeconds > 0).map(({ startSeconds, lengthSeconds }) => ({ startSeconds, endSeconds: startSeconds + lengthSeconds }));
            await ffmpeg(dubMixArgs({ voice, background: await files.path('background.wav'), output: await files.path(`${language}-dub.wav`), durationSeconds, voiceGainDb: 0, duckRegions, sampleRate: MIX_SAMPLE_RATE }), signal);
            written.push(`${language}-dialogue.wav`, `${language}-dub.wav`);
            reportProgress(((languageIndex + 1) / input.languages.length) * 100);
          }
          return { files: written };
        },
      },
      {
        name: 'deliver',
        weight: 1,
        async run({ input, files, signal, store }) {
          const project = await requireProject(input.projectId);
          const durationSeconds = seconds(project.durationMs);
          const segments = [...(await dubbing.segments(input.projectId))].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
          const formats = new Set(input.formats);
          const media: JobMediaFile[] = [];
          const written: string[] = [];
          const sourceCues = subtitleCues(segments, (segment) => segment.sourceText);
          const sourceFiles = await writeCueFiles(scratch, files, `source-${project.sourceLanguage}`, sourceCues);
          written.push(...sourceFiles);
          for (const language of input.languages) {
            const cues = subtitleCues(segments, (segment) => segment.translations[language] ?? '');
            const subtitleFiles = await writeCueFiles(scratch, files, `${language}-subtitles`, cues);
            written.push(...subtitleFiles);
            if (formats.has('video') && project.mediaKind === 'video') {
              const output = `${language}-dubbed-video.mp4`;
              await ffmpeg(
                dubbedVideoArgs({
                  video: await files.path('source.media'),
                  audio: await files.path(`${language}-dub.wav`),
                  output: await files.path(output),
                  audioLanguage: iso6392(language),
                  subtitles: [
                    ...(cues.length ? [{ file: await files.path(`${language}-subtitles.srt`), language: iso6392(language), title: language }] : []),
                    ...(sourceCues.length ? [{ file: await files.path(`source-${project.sourceLanguage}.srt`), language: iso6392(project.sourceLanguage), title: project.sourceLanguage }] : []),
                  ],
                }),
                signal,
              );
              written.push(output);
              media.push(await store(output, { role: 'video', durationSeconds }));
            }
            if (formats.has('audio')) {
              const name = await mp3(files, `${language}-dub.wav`, `${language}-dubbed-audio.mp3`, true, signal);
              written.push(name);
              media.push(await store(name, { role: 'audio', durationSeconds }));
            }
            if (formats.has('stems')) {
              const name = await mp3(files, `${language}-dialogue.wav`, `${language}-dialogue-stem.mp3`, false, signal);
              written.push(name);
              media.push(await store(name, { role: 'audio', durationSeconds }));
            }
            if (formats.has('subtitles')) for (const file of subtitleFiles) media.push(await store(file, { role: 'subtitles' }));
          }
          if (formats.has('stems')) {
            const name = await mp3(files, 'background.wav', 'background-stem.mp3', true, signal);
            written.push(name);
            media.push(await store(name, { role: 'audio', durationSeconds }));
          }
          if (formats.has('subtitles')) for (const file of sourceFiles) media.push(await store(file, { role: 'subtitles' }));
          if (formats.has('project')) {
            const name = 'dubbing-project.json';
            await writeJson(files, name, {
              title: project.title,
              edition: project.edition,
              sourceLanguage: project.sourceLanguage,
              targetLanguages: project.targetLanguages,
              durationMs: project.durationMs,
              revision: project.revision,
              characters: project.characters,
              glossary: project.glossary,
              pronunciations: project.pronunciations,
              segments: segments.map(({ takes, ...segment }) => ({ ...segment, takes: Object.fromEntries(Object.entries(takes).map(([language, take]) => [language, { kind: take.kind, durationMs: take.durationMs, madeFrom: take.madeFrom }])) })),
            });
            written.push(name);
            media.push(await store(name, { role: 'data' }));
          }
          return { files: written, media, revision: project.revision };
        },
      },
    ],
    result: (input, outputs) => ({ projectId: input.projectId, languages: input.languages, revision: outputs.deliver?.revision ?? null, media: outputs.deliver?.media ?? [] }),
  };

  return { prepare, translate, synthesize, export: exporting };
}


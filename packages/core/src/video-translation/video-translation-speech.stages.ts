/**
 * Video translation's speech: each target language's translation (`translate`), spoken line by line
 * in each speaker's voice (`synthesize`: the speaker's choice, the original speaker matched, an
 * automatic voice per speaker told apart, else the language's voice), then placed in time
 * (`fit`: sped up, borrowing pauses, shortened by a translator that can aim for a length).
 */
import { runFfmpeg, encodeMp3Args, regionsOnlyArgs, tempoArgs } from '@voxwork/media';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { JobFiles, JobMediaFile, StageDefinition } from '../jobs/pipeline-definition.ts';
import {
  characterBudget,
  GIVEN_TRANSLATION,
  linesTooLong,
  planTimeFit,
  readSegmentTimings,
  renderPlacedTakes,
  segmentFiles,
  SPEECH_SAMPLE_RATE,
  synthesizeSegments,
  writeCueFiles,
  writtenWordTimings,
  type FitPlacement,
  type PlacedTake,
  type SegmentTimings,
  type SpeakerAssignment,
} from '../pipeline-stages/index.ts';
import { autoSpeakerVoice, cloneGender, libraryTarget, LOCAL_VOICE_PROFILER, originalSpeakerTarget, synthesizeWithTarget, type OriginalSpeakerReading } from '../voices/voice-choice.ts';
import {
  AUTO_VOICE,
  DEFAULT_SPEAKER,
  distinctSpeakers,
  lineSpeakers,
  linesOf,
  makesDub,
  MEDIA_TIMEOUT_MS,
  prefixOf,
  speakersCheckpoint,
  speakerVoiceKey,
  speechKey,
  spokenVoiceOf,
  translationsCheckpoint,
  withCharacterVoices,
  type ShortenedLine,
  type TranslationLine,
  type VideoTranslationJobInput,
  type VideoTranslationPipelineDeps,
  type VideoTranslationTarget,
  glossaryOf,
} from './video-translation-job.ts';

/** Seconds of one speaker's speech below which "match the original speaker" measures all the speech instead. */
const MIN_SPEAKER_PROFILE_SECONDS = 3;

export function videoTranslationSpeechStages({ engines, videoEngines, scratch }: VideoTranslationPipelineDeps): Array<StageDefinition<VideoTranslationJobInput>> {
  /** Shortened lines of a language still valid for its translations (an edited line drops its shorter version). */
  async function readShortened(files: JobFiles, prefix: string, translations: readonly TranslationLine[]): Promise<Record<string, ShortenedLine>> {
    const name = `${prefix}shortened.json`;
    if (!(await files.exists(name))) return {};
    const stored = JSON.parse(await scratch.readText(await files.path(name))) as Record<string, ShortenedLine>;
    const current = new Map(translations.map((line) => [line.id, line.text]));
    return Object.fromEntries(Object.entries(stored).filter(([id, line]) => current.get(id) === line.for));
  }

  /**
   * The original speaker as a voice: a profile measured once per job from the video's speech (the
   * local profiler finds the speech itself), rendered through the base voice of `language` it
   * suits best: pitch, timbre envelope and pace matched by signal processing, not a neural clone.
   */
  async function originalSpeakerVoice(language: string, files: JobFiles, signal: AbortSignal, speakerId = DEFAULT_SPEAKER, regions: ReadonlyArray<{ startSeconds: number; endSeconds: number }> = []): Promise<VoiceTarget> {
    // One speaker (or none told apart): the whole soundtrack's speech; several: only that speaker's speech.
    const profileFile = regions.length ? `original-speaker-${speakerId}.json` : 'original-speaker.json';
    let reading: OriginalSpeakerReading;
    if (await files.exists(profileFile)) reading = JSON.parse(await scratch.readText(await files.path(profileFile))) as typeof reading;
    else {
      let speech = await files.path('speech-16k.wav');
      if (regions.length) {
        speech = await files.path(`speech-${speakerId}.wav`);
        await runFfmpeg(regionsOnlyArgs({ input: await files.path('speech-16k.wav'), output: speech, regions: regions.slice(0, 500), sampleRate: 16_000 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
      }
      const measured = await engines.profileVoice({ engineId: LOCAL_VOICE_PROFILER, files: [speech], name: `original speaker ${speakerId}`, signal });
      reading = { profile: measured.profile, medianPitchHz: measured.medianPitchHz, suggestedGender: measured.suggestedGender, suggestedBaseVoices: measured.suggestedBaseVoices };
      await scratch.writeText(await files.path(profileFile), JSON.stringify(reading));
    }
    return originalSpeakerTarget({ voices: await engines.libraryVoices(), language, speakerId, reading });
  }

  /**
   * The voice of each speaker of a target: the speaker's own choice, the original speaker matched
   * (measured from that speaker's speech), for a further speaker with no voice chosen a library
   * voice of the language suiting the speaker's measured voice (a different one per speaker where
   * the library has enough), else the target's voice.
   */
  async function speakerVoicesFor(target: VideoTranslationTarget, assignment: SpeakerAssignment, distinct: ReadonlySet<string>, files: JobFiles, signal: AbortSignal): Promise<Record<string, VoiceTarget>> {
    const speakerIds = [...new Set([DEFAULT_SPEAKER, ...assignment.lines.map((line) => line.speakerId ?? DEFAULT_SPEAKER)])];
    // A speaker told apart is measured on their own speech (when there are a few seconds of it); otherwise on all the speech.
    const regionsOf = (speakerId: string) => {
      if (!distinct.has(speakerId)) return [];
      const regions = assignment.lines
        .filter((line) => (line.speakerId ?? DEFAULT_SPEAKER) === speakerId && line.speechStartSeconds !== null && line.speechEndSeconds !== null)
        .map((line) => ({ startSeconds: line.speechStartSeconds!, endSeconds: line.speechEndSeconds! }));
      return regions.reduce((sum, region) => sum + region.endSeconds - region.startSeconds, 0) >= MIN_SPEAKER_PROFILE_SECONDS ? regions : [];
    };
    const library = await engines.libraryVoices();
    // Voices chosen by the person are taken: automatic voices are others where the library has enough.
    const used = new Set(Object.values(target.speakerVoices ?? {}).flatMap((chosen) => (chosen.matchOriginal ? [] : [chosen.voice.voiceKey])));
    const voices: Record<string, VoiceTarget> = {};
    for (const speakerId of speakerIds) {
      const chosen = target.speakerVoices?.[speakerId];
      const match = chosen ? chosen.matchOriginal === true : target.matchOriginal === true;
      if (match) {
        const regions = regionsOf(speakerId);
        // Too little voiced speech in one speaker's regions to measure: the profile of all the speech.
        voices[speakerId] = await originalSpeakerVoice(target.language, files, signal, speakerId, regions).catch((error: unknown) =>
          regions.length && !signal.aborted ? originalSpeakerVoice(target.language, files, signal) : Promise.reject(error),
        );
      }
      else if (chosen) voices[speakerId] = chosen.voice;
      else if (speakerVoiceKey(target, speakerId, distinct).startsWith(`${AUTO_VOICE}@`)) {
        const summary = assignment.speakers.find((speaker) => speaker.speakerId === speakerId);
        if (!summary || (summary.suggestedGender === null && summary.medianPitchHz === null)) {
          // Nothing measured of this speaker: the language's voice.
          voices[speakerId] = target.voice;
          used.add(target.voice.voiceKey);
          continue;
        }
        const gender = cloneGender(summary.suggestedGender, summary.medianPitchHz);
        // The language's voice when it suits the speaker and is free, else another of the speaker's gender.
        const own = library.find((voice) => voice.key === target.voice.voiceKey);
        const picked = own?.gender === gender && !used.has(own.key) ? own : autoSpeakerVoice({ voices: library, language: target.language, gender, used });
        voices[speakerId] = picked ? libraryTarget(picked) : target.voice;
        used.add(voices[speakerId]!.voiceKey);
      } else {
        voices[speakerId] = target.voice;
        used.add(target.voice.voiceKey);
      }
    }
    return voices;
  }

  return [
    {
      name: 'translate',
      weight: 1,
      dependsOn: ['source-text'],
      async run({ input, outputs, signal }) {
        const lines = linesOf(outputs);
        const translations: Record<string, Array<{ id: string; text: string; unknownWords: string[] }>> = {};
        const warnings: string[] = [];
        for (const target of input.targets) {
          // A subtitle file given as the translation is spoken as written: no engine translates it.
          if (target.translatorId === GIVEN_TRANSLATION) {
            translations[target.language] = lines.map((line) => ({ id: line.id, text: line.source, unknownWords: [] }));
            continue;
          }
          const result = await videoEngines.translate({
            engineId: target.translatorId,
            sourceLanguage: input.sourceLanguage,
            targetLanguage: target.language,
            lines: lines.map((line) => ({ id: line.id, text: line.source, maxCharacters: characterBudget(line.endSeconds - line.startSeconds, target.language) })),
            glossary: glossaryOf(input, target.language),
            signal,
          });
          translations[target.language] = result.lines;
          warnings.push(...result.warnings.map((warning) => `${target.language}: ${warning}`));
        }
        return { translations, warnings };
      },
    },
    {
      name: 'synthesize',
      weight: 5,
      dependsOn: ['translate', 'speakers'],
      async run({ input, outputs, files, signal, reportProgress }) {
        if (!makesDub(input)) return { files: [], voices: {} };
        const translations = translationsCheckpoint(outputs);
        const speakerOf = lineSpeakers(outputs);
        const distinct = distinctSpeakers(input, outputs);
        const written: string[] = [];
        const voices: Record<string, Record<string, VoiceTarget>> = {};
        for (const [index, cast] of input.targets.entries()) {
          const target = withCharacterVoices(cast, outputs);
          const bySpeaker = await speakerVoicesFor(target, speakersCheckpoint(outputs), distinct, files, signal);
          voices[target.language] = bySpeaker;
          const lines = translations[target.language] ?? [];
          // A line the fit stage had shortened keeps its shorter audio while its translation is unchanged; an edited, re-voiced or re-assigned line is spoken again.
          const shortened = await readShortened(files, prefixOf(target.language), lines);
          const segments = lines.map((line) => {
            const speakerId = speakerOf.get(line.id) ?? DEFAULT_SPEAKER;
            const spoken = shortened[line.id]?.text ?? line.text;
            return { target: bySpeaker[speakerId] ?? target.voice, written: spoken, spoken, key: speechKey(target, speakerId, distinct, spoken) };
          });
          written.push(
            ...(await synthesizeSegments({
              engines,
              segments,
              settings: { language: target.language, speed: 1, pitchSemitones: 0, volume: 1 },
              files,
              scratch,
              signal,
              prefix: prefixOf(target.language),
              reportProgress: (percent) => reportProgress(((index + percent / 100) / input.targets.length) * 100),
            })),
          );
        }
        return { files: written, voices };
      },
    },
    {
      name: 'fit',
      weight: 1,
      async run({ input, outputs, files, signal, store }) {
        const lines = linesOf(outputs);
        if (!makesDub(input)) {
          // No dub: the subtitles keep the source lines' times (the drawn-subtitles stage writes them when it draws).
          const translated = translationsCheckpoint(outputs);
          const written: string[] = [];
          for (const target of input.targets) {
            const texts = new Map((translated[target.language] ?? []).map((line) => [line.id, line.text]));
            written.push(...(await writeCueFiles(scratch, files, `${prefixOf(target.language)}subtitles`, lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: texts.get(line.id) ?? '' })))));
          }
          return { files: written, placements: {}, shortened: {}, spokenFor: {}, spokenVoices: {}, previews: {} };
        }
        const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
        const translations = translationsCheckpoint(outputs);
        const speakerOf = lineSpeakers(outputs);
        const distinct = distinctSpeakers(input, outputs);
        const placements: Record<string, FitPlacement[]> = {};
        const shortened: Record<string, Record<string, ShortenedLine>> = {};
        const spokenFor: Record<string, Record<string, string>> = {};
        const previews: Record<string, JobMediaFile> = {};
        const written: string[] = [];
        for (const cast of input.targets) {
          const target = withCharacterVoices(cast, outputs);
          const prefix = prefixOf(target.language);
          const natural = await Promise.all(lines.map(async (_, index) => (await readSegmentTimings(files, scratch, index, prefix)).durationSeconds));
          const fitInputs = () => lines.map((line, index) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds, naturalSeconds: natural[index]!, choice: target.fitChoices?.[line.id] }));
          const plan = () => planTimeFit(fitInputs(), durationSeconds);
          // Lines shortened by an earlier run of this stage (their audio already replaced) keep their new text while their translation is unchanged.
          const shortenedFile = `${prefix}shortened.json`;
          shortened[target.language] = await readShortened(files, prefix, translations[target.language] ?? []);
          let planned = plan();
          // Too long for its own slot even at 1.3×: a translator that can aim for a length is asked for a shorter line, which is spoken again.
          // A line its owner wrote at the review gate is theirs: it is sped up and flagged, never rewritten.
          const editedIds = new Set((translations[target.language] ?? []).filter((line) => line.edited).map((line) => line.id));
          const tooLong = new Map([...linesTooLong(fitInputs(), durationSeconds)].filter(([id]) => !editedIds.has(id) && !shortened[target.language]![id] && !target.fitChoices?.[id]));
          if (tooLong.size && target.translatorShortens) {
            const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
            const retranslated = await videoEngines.translate({
              engineId: target.translatorId,
              sourceLanguage: input.sourceLanguage,
              targetLanguage: target.language,
              lines: lines
                .filter((line) => tooLong.has(line.id))
                .map((line) => {
                  // What fits, in proportion, and never more than the budget the first answer already ignored.
                  const proportional = Math.floor([...(texts.get(line.id) ?? '')].length * tooLong.get(line.id)! * 0.9);
                  const first = Math.floor(characterBudget(line.endSeconds - line.startSeconds, target.language) * 0.8);
                  return { id: line.id, text: line.source, maxCharacters: Math.max(4, Math.min(proportional, first)) };
                }),
              glossary: glossaryOf(input, target.language),
              signal,
            });
            for (const line of retranslated.lines) {
              const index = lines.findIndex((candidate) => candidate.id === line.id);
              if (index < 0 || !line.text.trim()) continue;
              const speakerId = speakerOf.get(line.id) ?? DEFAULT_SPEAKER;
              const outcome = await synthesizeWithTarget(engines, {
                target: spokenVoiceOf(outputs, target.language, speakerId) ?? target.voice,
                text: line.text,
                language: target.language,
                speed: 1,
                pitchSemitones: 0,
                volume: 1,
                outputFile: await files.path(segmentFiles(index, prefix).audio),
                sampleRate: SPEECH_SAMPLE_RATE,
                signal,
              });
              // The line's timings follow its new audio, so a re-run of this stage plans with the right length.
              await scratch.writeText(
                await files.path(segmentFiles(index, prefix).timings),
                JSON.stringify({
                  durationSeconds: outcome.durationSeconds,
                  words: writtenWordTimings(line.text, outcome.words),
                  approximate: outcome.wordTimingsApproximate,
                  madeFrom: speechKey(target, speakerId, distinct, line.text),
                } satisfies SegmentTimings),
              );
              natural[index] = outcome.durationSeconds;
              shortened[target.language]![line.id] = { for: texts.get(line.id) ?? '', text: line.text };
              await scratch.writeText(await files.path(shortenedFile), JSON.stringify(shortened[target.language]));
            }
            planned = plan();
          }
          placements[target.language] = planned;
          // Lines spoken faster are re-rendered with their pitch kept; the others are used as synthesised. Every line whole:
          // one let overlap the next goes in a lane of its own (as dubbing's export does), laid over the others.
          const placed: Array<PlacedTake<string>> = [];
          for (const [index, placement] of planned.entries()) {
            const part = await files.path(segmentFiles(index, prefix).audio);
            let file = part;
            let length = natural[index]!;
            if (placement.speed !== 1) {
              file = await files.path(`${prefix}fit-${index + 1}.wav`);
              await runFfmpeg(tempoArgs({ input: part, output: file, speed: placement.speed, sampleRate: SPEECH_SAMPLE_RATE }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
              length = natural[index]! / placement.speed;
            }
            placed.push({ take: file, startSeconds: placement.startSeconds, lengthSeconds: length });
          }
          const voice = `${prefix}voice.wav`;
          await renderPlacedTakes(placed, { output: await files.path(voice), lanePath: (lane) => files.path(`${prefix}voice-lane-${lane + 1}.wav`), sampleRate: SPEECH_SAMPLE_RATE, signal, timeoutMs: MEDIA_TIMEOUT_MS });
          const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, shortened[target.language]?.[line.id]?.text ?? line.text]));
          written.push(voice, ...(await writeCueFiles(scratch, files, `${prefix}subtitles`, planned.map((placement) => ({ start: placement.startSeconds, end: placement.endSeconds, text: texts.get(placement.id) ?? '' })))));
          spokenFor[target.language] = Object.fromEntries((translations[target.language] ?? []).map((line) => [line.id, line.text]));
          if (input.mode === 'pro' && placed.length) {
            // The review gate plays each line where it will sound: the voice track as placed, before the mix.
            const preview = `${prefix}voice-preview.mp3`;
            await runFfmpeg(encodeMp3Args({ input: await files.path(voice), output: await files.path(preview), sampleRate: SPEECH_SAMPLE_RATE, bitrateKbps: 64 }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            written.push(preview);
            previews[target.language] = await store(preview, { role: 'audio' });
          }
        }
        return {
          files: written,
          placements,
          // What replaced a translation, by line (the result and subtitles show it).
          shortened: Object.fromEntries(Object.entries(shortened).map(([language, lines]) => [language, Object.fromEntries(Object.entries(lines).map(([id, line]) => [id, line.text]))])),
          // The translation each line's audio was made from, and the voice: the review gate compares them with edits.
          spokenFor,
          spokenVoices: Object.fromEntries(
            input.targets.map((target) => [
              target.language,
              Object.fromEntries((translations[target.language] ?? []).map((line) => [line.id, speakerVoiceKey(withCharacterVoices(target, outputs), speakerOf.get(line.id) ?? DEFAULT_SPEAKER, distinct)])),
            ]),
          ),
          previews,
        };
      },
    },
  ];
}

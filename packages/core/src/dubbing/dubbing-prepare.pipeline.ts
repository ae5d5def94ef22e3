/** `dubbing.prepare`: ingest → lines → stems → takes → finish (see `dubbing.pipeline.ts`). */
import { ErrorCode, MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import { MAX_DUBBING_SEGMENTS, MIN_SEGMENT_MS, MAX_SEGMENT_MS, takeSource, type DubbingCharacter } from '@voxwork/contract/dubbing';
import { backgroundBedArgs, browserVideoArgs, cutAudioArgs, probeMedia, regionsKeptArgs, thumbnailArgs } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { SpeakerSummary, TimedLine } from '../engines/video-engines.port.ts';
import type { JobFiles, PipelineDefinition, StageDefinition } from '../jobs/pipeline-definition.ts';
import { assignSpeakersToLines, audioDuration, fetchStoredFile, MIX_SAMPLE_RATE, prepareSoundtrack, readSourceText, soundtrackSpeakers, SOUNDTRACK_FILES, SPEECH_SAMPLE_RATE } from '../pipeline-stages/index.ts';
import { autoSpeakerVoice, cloneGender } from '../voices/voice-choice.ts';
import { peakBytes, putProjectBytes, putProjectFile, takeFileName } from './dubbing-media.ts';
import type { DubbingPrepareJobInput, StoredTake } from './dubbing-store.port.ts';
import { MEDIA_TIMEOUT_MS, type DubbingPipelineDeps, type PreparedLine, lineId, seconds, toMs, characterName, finishedTranslation, type DubbingPipelineKit } from './dubbing-pipeline-kit.ts';

export function createDubbingPreparePipeline(deps: DubbingPipelineDeps, kit: DubbingPipelineKit): PipelineDefinition<DubbingPrepareJobInput> {
  const { engines, videoEngines, storage, scratch, dubbing } = deps;
  const { ffmpeg, requireProject, mp3 } = kit;

  /** A preparation stage whose domain errors end the preparation (the project shows why); retryable ones are left to the retry. */
  const preparing = (stage: StageDefinition<DubbingPrepareJobInput>): StageDefinition<DubbingPrepareJobInput> => ({
    ...stage,
    run: async (context) => {
      try {
        return await stage.run(context);
      } catch (error) {
        if (error instanceof DomainError && !error.isRetryable) await dubbing.failPreparation(context.input.projectId, { code: error.code, params: { ...error.params } });
        throw error;
      }
    },
  });

  /** Speech segments and speakers of the soundtrack, measured once per job (`utterances`: the lines, each one person's). */
  const speakerSegments = (files: JobFiles, speakerCount: number | undefined, signal: AbortSignal, utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }>) =>
    soundtrackSpeakers(videoEngines, scratch, files, { speakerCount, signal, utterances });

  /** Each character's automatic voice per language: a library voice suiting the speaker's measured voice, different per speaker where the library allows. */
  async function automaticCharacters(speakerIds: readonly string[], summaries: readonly SpeakerSummary[], languages: readonly string[]): Promise<DubbingCharacter[]> {
    const library = await engines.libraryVoices();
    const used = new Map(languages.map((language) => [language, new Set<string>()]));
    return speakerIds.map((speakerId, index) => {
      const summary = summaries.find((candidate) => candidate.speakerId === speakerId);
      const gender = cloneGender(summary?.suggestedGender ?? null, summary?.medianPitchHz ?? null);
      const voices: Record<string, string> = {};
      for (const language of languages) {
        const voice = autoSpeakerVoice({ voices: library, language, gender, used: used.get(language)! });
        if (voice) {
          voices[language] = voice.key;
          used.get(language)!.add(voice.key);
        }
      }
      return { id: speakerId, name: characterName(index), voices, speed: 1, volume: 1, originalSpeakerId: speakerId };
    });
  }

  const prepare: PipelineDefinition<DubbingPrepareJobInput> = {
    stages: [
      preparing({
        name: 'ingest',
        weight: 2,
        async run({ input, files, signal }) {
          const project = await requireProject(input.projectId);
          const from = input.from;
          const sourceKey = from.kind === 'upload' ? from.uploadKey : (await finishedTranslation(deps.jobRecords, from.jobId, project.ownerId)).input.uploadKey;
          const mediaKind = from.kind === 'upload' ? from.mediaKind : 'video';
          const source = await files.path('source.media');
          await fetchStoredFile(storage, scratch, sourceKey, source);
          const info = await probeMedia(source, { signal }).catch(() => undefined);
          if (mediaKind === 'video' && !info?.video) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
          if (!info?.audio) throw new DomainError(mediaKind === 'video' ? ErrorCode.VIDEO_NO_AUDIO_TRACK : ErrorCode.AUDIO_SEPARATION_NOT_READABLE);
          const durationSeconds = (mediaKind === 'video' ? info.video?.durationSeconds : info.audio.durationSeconds) ?? info.durationSeconds ?? seconds(project.durationMs);
          const { backgroundMethod } = await prepareSoundtrack(files, { source, channels: info.audio.channels, signal, timeoutMs: MEDIA_TIMEOUT_MS });

          // The media as the editor plays it: the original when a browser plays it as it is, otherwise made so.
          let mediaKey: string;
          let posterKey: string | null = null;
          const container = info.formatName.split(',');
          if (mediaKind === 'video') {
            const playable = container.includes('mp4') && info.video?.codec === 'h264' && info.audio.codec === 'aac';
            if (!playable) await ffmpeg(browserVideoArgs({ input: source, output: await files.path('media.mp4') }), signal);
            mediaKey = await putProjectFile(storage, project, 'media.mp4', playable ? source : await files.path('media.mp4'));
            await ffmpeg(thumbnailArgs({ input: source, output: await files.path('poster.jpg'), atSeconds: Math.min(1, durationSeconds / 3), width: 640, format: 'jpeg' }), signal);
            posterKey = await putProjectFile(storage, project, 'poster.jpg', await files.path('poster.jpg'));
          } else if (info.audio.codec === 'aac' && (container.includes('mp4') || container.includes('m4a'))) {
            mediaKey = await putProjectFile(storage, project, 'media.m4a', source);
          } else if (info.audio.codec === 'mp3') {
            mediaKey = await putProjectFile(storage, project, 'media.mp3', source);
          } else {
            await mp3(files, 'original.wav', 'media.mp3', true, signal);
            mediaKey = await putProjectFile(storage, project, 'media.mp3', await files.path('media.mp3'));
          }
          const peaksKey = await putProjectBytes(storage, project, 'peaks.bin', await peakBytes(await files.path('original.wav'), durationSeconds, signal));
          return {
            files: ['source.media', ...SOUNDTRACK_FILES],
            mediaKind,
            durationSeconds,
            width: info.video?.width ?? null,
            height: info.video?.height ?? null,
            backgroundMethod,
            mediaKey,
            posterKey,
            peaksKey,
          };
        },
      }),
      preparing({
        // The lines and who speaks them: read and heard as video translation does, or a finished translation's.
        name: 'lines',
        weight: 3,
        async run({ input, outputs, files, signal, reportProgress }) {
          const project = await requireProject(input.projectId);
          const durationSeconds = outputs.ingest!.durationSeconds as number;
          const from = input.from;
          if (from.kind === 'video-translation') {
            const { input: translation, result } = await finishedTranslation(deps.jobRecords, from.jobId, project.ownerId);
            const first = result.targets?.[0];
            const lines: PreparedLine[] = (first?.lines ?? []).map((line) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds, text: line.source, speakerId: line.speakerId, speechStartSeconds: null, speechEndSeconds: null }));
            const speakerIds = [...new Set(lines.map((line) => line.speakerId))];
            if (!speakerIds.length) speakerIds.push('s1');
            // The voices that spoke: the speaker's own choice, the original speaker matched, or the voice the job gave that speaker.
            const characters = speakerIds.map((speakerId, index): DubbingCharacter => {
              const voices: Record<string, string> = {};
              for (const target of translation.targets) {
                const chosen = target.speakerVoices?.[speakerId];
                const spoken = result.targets?.find((candidate) => candidate.language === target.language);
                const matched = chosen ? chosen.matchOriginal === true : target.matchOriginal === true;
                voices[target.language] = matched
                  ? MATCH_ORIGINAL_VOICE
                  : (chosen?.voice.voiceKey ?? (target.voice.kind === 'cloned' ? target.voice.voiceKey : (spoken?.speakerVoices?.[speakerId] ?? target.voice.voiceKey)));
              }
              return { id: speakerId, name: characterName(index), voices, speed: 1, volume: 1, originalSpeakerId: speakerId };
            });
            // Languages asked for beyond the translation's (untranslated yet): each character gets a voice of its own there.
            const further = project.targetLanguages.filter((language) => !translation.targets.some((target) => target.language === language));
            if (further.length) {
              const automatic = await automaticCharacters(speakerIds, result.speakers ?? [], further);
              for (const [index, character] of characters.entries()) Object.assign(character.voices, automatic[index]!.voices);
            }
            const translations = Object.fromEntries((result.targets ?? []).map((target) => [target.language, Object.fromEntries(target.lines.map((line) => [line.id, line.translation]))]));
            const dub = Object.fromEntries(
              (result.targets ?? []).map((target) => [target.language, Object.fromEntries(target.lines.filter((line) => line.dubStartSeconds !== null && line.dubEndSeconds !== null).map((line) => [line.id, { start: line.dubStartSeconds!, end: line.dubEndSeconds! }]))]),
            );
            const media = result.media ?? [];
            const voiceStems = Object.fromEntries((result.targets ?? []).flatMap((target) => {
              const stem = media.find((file) => file.name === `${target.language}-voice-stem.mp3`);
              return stem ? [[target.language, stem.key]] : [];
            }));
            const backgroundKey = media.find((file) => file.name === 'background-stem.mp3')?.key ?? null;
            return { lines, characters, translations, dub, voiceStems, backgroundKey, textSource: 'video-translation', warnings: [] };
          }
          const { found, emptyKind, warnings } = await readSourceText(videoEngines, {
            textSources: from.textSources,
            language: project.sourceLanguage,
            videoFile: from.mediaKind === 'video' ? await files.path('source.media') : undefined,
            speechFile: await files.path('speech-16k.wav'),
            durationSeconds,
            speakerSegments: async () => (await speakerSegments(files, from.speakerCount, signal)).segments,
            signal,
            reportProgress,
          });
          if (!found && from.textSources.length) throw new DomainError(emptyKind === 'subtitles' ? ErrorCode.VIDEO_NO_SUBTITLES_FOUND : ErrorCode.VIDEO_NO_SPEECH_FOUND);
          const timed: TimedLine[] = (found?.lines ?? []).slice(0, MAX_DUBBING_SEGMENTS);
          const ids = timed.map((line, index) => ({ id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds }));
          let summaries: SpeakerSummary[] = [];
          let assigned = new Map<string, { speakerId: string | null; speechStartSeconds: number | null; speechEndSeconds: number | null }>();
          if (ids.length) {
            const speakers = await speakerSegments(files, from.speakerCount, signal, ids);
            const assignment = assignSpeakersToLines(ids, speakers.segments);
            summaries = assignment.speakers;
            assigned = new Map(assignment.lines.map((line) => [line.lineId, line]));
            warnings.push(...speakers.warnings);
          }
          const lines: PreparedLine[] = timed.map((line, index) => {
            const heard = assigned.get(lineId(index));
            return { id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds, text: line.text, speakerId: heard?.speakerId ?? 's1', speechStartSeconds: heard?.speechStartSeconds ?? null, speechEndSeconds: heard?.speechEndSeconds ?? null };
          });
          const speakerIds = [...new Set(['s1', ...lines.map((line) => line.speakerId)])].filter((id) => id === 's1' || lines.some((line) => line.speakerId === id));
          const characters = await automaticCharacters(speakerIds, summaries, project.targetLanguages);
          return { files: ids.length ? ['speaker-lines.json'] : [], lines, characters, translations: {}, dub: {}, voiceStems: {}, backgroundKey: null, textSource: found?.kind ?? 'none', warnings };
        },
      }),
      preparing({
        // The background under the speech and the original dialogue, as stems the editor plays and export mixes over.
        name: 'stems',
        weight: 2,
        dependsOn: ['ingest', 'lines'],
        async run({ input, outputs, files, signal }) {
          const project = await requireProject(input.projectId);
          const lines = outputs.lines!.lines as PreparedLine[];
          const regions = lines.map((line) =>
            line.speechStartSeconds !== null && line.speechEndSeconds !== null && line.speechEndSeconds > line.speechStartSeconds
              ? { startSeconds: line.speechStartSeconds, endSeconds: line.speechEndSeconds }
              : { startSeconds: line.startSeconds, endSeconds: line.endSeconds },
          );
          const translationBackground = outputs.lines!.backgroundKey as string | null;
          if (translationBackground) {
            // The translation's own background (its method or separator) is kept as it was.
            await fetchStoredFile(storage, scratch, translationBackground, await files.path('background.mp3'));
          } else {
            await ffmpeg(backgroundBedArgs({ input: await files.path('original.wav'), output: await files.path('background.wav'), speechRegions: regions, method: outputs.ingest!.backgroundMethod as 'centre-cancel' | 'duck', sampleRate: MIX_SAMPLE_RATE }), signal);
            await mp3(files, 'background.wav', 'background.mp3', true, signal);
          }
          const backgroundKey = await putProjectFile(storage, project, 'background.mp3', await files.path('background.mp3'));
          let dialogueKey: string | null = null;
          if (regions.length) {
            await ffmpeg(regionsKeptArgs({ input: await files.path('original.wav'), output: await files.path('dialogue.wav'), regions, sampleRate: MIX_SAMPLE_RATE }), signal);
            await mp3(files, 'dialogue.wav', 'dialogue.mp3', true, signal);
            dialogueKey = await putProjectFile(storage, project, 'dialogue.mp3', await files.path('dialogue.mp3'));
          }
          return { backgroundKey, dialogueKey };
        },
      }),
      preparing({
        // A finished translation's takes: each line cut out of its voice stem where it was placed, so it counts as spoken.
        name: 'takes',
        weight: 1,
        dependsOn: ['lines'],
        async run({ input, outputs, files, signal, jobId }) {
          const project = await requireProject(input.projectId);
          const lines = outputs.lines!.lines as PreparedLine[];
          const characters = outputs.lines!.characters as DubbingCharacter[];
          const translations = outputs.lines!.translations as Record<string, Record<string, string>>;
          const dub = outputs.lines!.dub as Record<string, Record<string, { start: number; end: number }>>;
          const takes: Record<string, Record<string, StoredTake>> = {};
          for (const [language, stemKey] of Object.entries(outputs.lines!.voiceStems as Record<string, string>)) {
            const stem = await files.path(`${language}-voice-stem.mp3`);
            await fetchStoredFile(storage, scratch, stemKey, stem);
            takes[language] = {};
            for (const line of lines) {
              const placed = dub[language]?.[line.id];
              const text = translations[language]?.[line.id]?.trim() ?? '';
              const voice = characters.find((character) => character.id === line.speakerId)?.voices[language];
              if (!placed || !text || !voice || placed.end <= placed.start) continue;
              const cut = await files.path(`take-${language}-${line.id}.wav`);
              await ffmpeg(cutAudioArgs({ input: stem, output: cut, startSeconds: placed.start, endSeconds: placed.end, sampleRate: SPEECH_SAMPLE_RATE }), signal);
              const durationSeconds = await audioDuration(cut, signal);
              takes[language][line.id] = {
                kind: 'synthesized',
                key: await putProjectFile(storage, project, takeFileName(language, line.id, jobId.slice(0, 8)), cut),
                durationMs: toMs(durationSeconds),
                madeFrom: takeSource(text, voice, language),
                peaks: [...(await peakBytes(cut, durationSeconds, signal))],
              };
            }
          }
          return { takes };
        },
      }),
      preparing({
        name: 'finish',
        weight: 0,
        dependsOn: ['ingest', 'lines', 'stems', 'takes'],
        async run({ input, outputs }) {
          const ingest = outputs.ingest!;
          const durationMs = toMs(ingest.durationSeconds as number);
          const lines = outputs.lines!.lines as PreparedLine[];
          const translations = outputs.lines!.translations as Record<string, Record<string, string>>;
          const takes = outputs.takes!.takes as Record<string, Record<string, StoredTake>>;
          const segments = [];
          for (const line of lines) {
            const startMs = Math.max(0, Math.min(toMs(line.startSeconds), durationMs - MIN_SEGMENT_MS));
            const endMs = Math.min(durationMs, Math.max(startMs + MIN_SEGMENT_MS, Math.min(toMs(line.endSeconds), startMs + MAX_SEGMENT_MS)));
            if (startMs < 0 || endMs <= startMs) continue;
            const segmentTranslations = Object.fromEntries(Object.entries(translations).flatMap(([language, texts]) => (texts[line.id]?.trim() ? [[language, texts[line.id]!.trim()]] : [])));
            const segmentTakes = Object.fromEntries(Object.entries(takes).flatMap(([language, byLine]) => (byLine[line.id] ? [[language, byLine[line.id]!]] : [])));
            segments.push({ id: line.id, startMs, endMs, characterId: line.speakerId, sourceText: line.text.trim(), translations: segmentTranslations, speed: 1, volume: 1, takes: segmentTakes });
          }
          await dubbing.finishPreparation(input.projectId, {
            mediaKind: ingest.mediaKind as 'video' | 'audio',
            durationMs,
            width: (ingest.width as number | null) ?? null,
            height: (ingest.height as number | null) ?? null,
            mediaKey: ingest.mediaKey as string,
            posterKey: (ingest.posterKey as string | null) ?? null,
            peaksKey: ingest.peaksKey as string,
            backgroundKey: outputs.stems!.backgroundKey as string,
            dialogueKey: (outputs.stems!.dialogueKey as string | null) ?? null,
            characters: outputs.lines!.characters as DubbingCharacter[],
            segments,
          });
          return { segments: segments.length };
        },
      }),
    ],
    result: (input, outputs) => ({
      projectId: input.projectId,
      segments: outputs.finish?.segments ?? 0,
      characters: ((outputs.lines?.characters as DubbingCharacter[] | undefined) ?? []).length,
      textSource: outputs.lines?.textSource ?? null,
      backgroundMethod: outputs.lines?.backgroundKey ? 'video-translation' : (outputs.ingest?.backgroundMethod ?? null),
      warnings: outputs.lines?.warnings ?? [],
    }),
    // A preparation that ended otherwise (crashed past its retries, cancelled) leaves the project failed, not preparing for ever.
    async onEnded({ input, outcome }) {
      const project = await dubbing.project(input.projectId);
      if (project?.status === 'preparing') await dubbing.failPreparation(input.projectId, { code: ErrorCode.JOB_FAILED, params: { reason: outcome === 'cancelled' ? { en: 'the preparation was cancelled', zh: '准备已取消' } : { en: 'the preparation stopped after its retries', zh: '多次重试后准备仍未完成' } } });
    },
  };

  return prepare;
}

/**
 * Video translation's first stages: the video in (`ingest`: fetched, measured against its price,
 * its soundtrack prepared), the source subtitle track found in the picture when the translation is
 * drawn over it (`picture-lines`), the words of the source (`source-text`) and who speaks each line
 * (`speakers`).
 */
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';
import type { SubtitleTrack, VideoEngines } from '../engines/video-engines.port.ts';
import type { JobFiles, StageDefinition } from '../jobs/pipeline-definition.ts';
import { assignSpeakersToLines, fetchPricedMedia, prepareSoundtrack, readSourceText, soundtrackSpeakers, SOUNDTRACK_FILES, writeCueFiles, type SpeakerAssignment } from '../pipeline-stages/index.ts';
import { assignSpeakerCharacters, type EpisodeCharacter } from './speaker-characters.ts';
import { drawsOverPictureLines, lineId, makesDub, MEDIA_TIMEOUT_MS, pictureLinesOf, linesOf, type TranslatedLine, type VideoTranslationJobInput, type VideoTranslationPipelineDeps } from './video-translation-job.ts';

export function videoTranslationSourceStages({ videoEngines, erasureEngines, storage, scratch, seriesCast, seriesSubtitleBand }: VideoTranslationPipelineDeps): Array<StageDefinition<VideoTranslationJobInput>> {
  /**
   * The run's characters with the series' voiceprints as they are now: the characters the run was
   * given (ids and genders as when it was added), each with its print from the series when the
   * series has one for that id and gender, else the print it was given.
   */
  async function castNow(input: VideoTranslationJobInput, ownerId: string | null): Promise<EpisodeCharacter[]> {
    const given = input.characters ?? [];
    const stored = input.seriesId && ownerId ? await seriesCast(ownerId, input.seriesId) : undefined;
    if (!stored) return given;
    const byId = new Map(stored.map((character) => [character.id, character]));
    return given.map((character) => {
      const now = byId.get(character.id);
      return now && now.gender === character.gender && now.medianPitchHz !== null ? { ...character, medianPitchHz: now.medianPitchHz } : character;
    });
  }

  /** Speech segments and speakers of the soundtrack, measured once per job (`utterances`: the lines, each one person's). */
  const speakerSegments = (input: VideoTranslationJobInput, files: JobFiles, signal: AbortSignal, utterances?: ReadonlyArray<{ startSeconds: number; endSeconds: number }>) =>
    soundtrackSpeakers(videoEngines, scratch, files, { speakerCount: input.speakerCount, signal, utterances });

  return [
    {
      name: 'ingest',
      weight: 1,
      async run({ input, files, signal }) {
        const source = await files.path('source.video');
        // Measured from its packets and checked against the length it was priced at, before any work.
        const info = await fetchPricedMedia(storage, scratch, { key: input.uploadKey, file: source, pricedSeconds: input.durationSeconds, signal });
        if (!info?.video) throw new DomainError(ErrorCode.VIDEO_NOT_READABLE);
        if (!info.audio) throw new DomainError(ErrorCode.VIDEO_NO_AUDIO_TRACK);
        // The picture's length is the video's (the dub is cut or padded to it).
        const durationSeconds = info.video.durationSeconds ?? info.durationSeconds ?? input.durationSeconds;
        const { backgroundMethod } = await prepareSoundtrack(files, { source, channels: info.audio.channels, signal, timeoutMs: MEDIA_TIMEOUT_MS });
        return {
          files: ['source.video', ...SOUNDTRACK_FILES],
          durationSeconds,
          width: info.video.width,
          height: info.video.height,
          videoCodec: info.video.codec,
          audioCodec: info.audio.codec,
          backgroundMethod,
        };
      },
    },
    {
      // The source subtitle track in the picture (rows, their boxes and times) when the translation is drawn over it:
      // the subtitle finder in "subtitles" mode (titles, logos, signs and timecodes are not lines).
      name: 'picture-lines',
      weight: 3,
      async run({ input, files, signal, reportProgress, ownerId }) {
        if (!drawsOverPictureLines(input)) return { texts: [] };
        // A series' episode: the tracks are looked for first where an earlier episode's subtitles were
        // read (the finder searches the whole picture when none is there; decision 109).
        const searchFirst = input.seriesId && ownerId ? await seriesSubtitleBand(ownerId, input.seriesId) : undefined;
        const found = await erasureEngines.findText({ videoFile: await files.path('source.video'), mode: 'subtitles', searchFirst, signal, onProgress: reportProgress });
        if (!found.texts.length) throw new DomainError(ErrorCode.VIDEO_NO_SUBTITLES_FOUND);
        return {
          texts: found.texts,
          tracks: found.tracks ?? [],
          width: found.width,
          height: found.height,
          ...(found.band ? { band: found.band } : {}),
          ...(searchFirst ? { searchedFirst: searchFirst } : {}),
          warnings: found.warnings,
        };
      },
    },
    {
      name: 'source-text',
      weight: 3,
      dependsOn: ['ingest', 'picture-lines'],
      async run({ input, files, signal, outputs, reportProgress }) {
        const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
        const pictureLines = pictureLinesOf(outputs);
        // The picture's lines were found already: reading the burned-in subtitles again would be a second pass of OCR.
        // With their tracks: Chinese over English gives the track in the source language (decision 070).
        const pictureTracks = (outputs['picture-lines']?.tracks as SubtitleTrack[] | undefined) ?? [];
        const readers: VideoEngines = pictureLines.length ? { ...videoEngines, readSubtitles: () => Promise.resolve({ lines: pictureLines, tracks: pictureTracks, warnings: [] }) } : videoEngines;
        const { found, emptyKind, warnings } = await readSourceText(readers, {
          textSources: input.textSources,
          language: input.sourceLanguage,
          videoFile: await files.path('source.video'),
          speechFile: await files.path('speech-16k.wav'),
          durationSeconds,
          speakerSegments: async () => (await speakerSegments(input, files, signal)).segments,
          signal,
          reportProgress,
        });
        if (!found) throw new DomainError(emptyKind === 'subtitles' ? ErrorCode.VIDEO_NO_SUBTITLES_FOUND : ErrorCode.VIDEO_NO_SPEECH_FOUND);
        const lines: TranslatedLine[] = found.lines.map((line, index) => ({ id: lineId(index), startSeconds: line.startSeconds, endSeconds: line.endSeconds, source: line.text }));
        const written = await writeCueFiles(scratch, files, 'source', lines.map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: line.source })));
        return { files: written, lines, textSource: found.kind, engineId: found.engineId, warnings };
      },
    },
    {
      // Who speaks each line: speech segments and speakers of the soundtrack (robust to a music
      // bed; `speakerCount` when the user gave it), each line given the speaker heard in it.
      name: 'speakers',
      weight: 1,
      async run({ input, outputs, files, signal, ownerId }) {
        // No dub: nobody is spoken, so who speaks is not measured.
        if (!makesDub(input)) return { assignment: { lines: [], speakers: [] } satisfies SpeakerAssignment, warnings: [] };
        const lines = linesOf(outputs).map((line) => ({ id: line.id, startSeconds: line.startSeconds, endSeconds: line.endSeconds }));
        // The lines are the utterances: each is one person's (recognised lines were cut where the voice changed).
        const found = await speakerSegments(input, files, signal, lines);
        const assignment = assignSpeakersToLines(lines, found.segments);
        // A series' episode: which character each speaker is, once, so every language and a resumed run agree. The
        // series' prints are read now (an earlier episode of the same batch may have taught them since this one was
        // added), and the cast it decided with is kept with the decision (decision 069).
        const cast = input.characters?.length ? await castNow(input, ownerId) : undefined;
        const characters = cast ? assignSpeakerCharacters(assignment.speakers, cast) : undefined;
        return { files: ['speaker-lines.json'], assignment, ...(characters ? { characters, cast } : {}), warnings: found.warnings };
      },
    },
  ];
}

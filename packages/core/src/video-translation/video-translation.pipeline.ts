/**
 * Video translation: a video → the same video speaking other languages, with subtitles, the
 * background kept and the picture untouched. Stages, each a checkpoint (a failed or restarted job
 * resumes at the stage that did not finish; synthesis resumes line by line):
 *
 *   ingest → picture-lines → source-text → speakers → translate → synthesize → fit
 *     → drawn-subtitles → erase → stills → review → mix → mux → deliver
 *
 * When the burned-in subtitles are replaced or a translation is added beside them (`subtitles`,
 * decision 055), `picture-lines` finds the source track's lines (where and when), `drawn-subtitles`
 * measures its style and writes the script drawing each language, `erase` erases the source lines
 * once for every language (replace), `stills` draws each line on its frame for the review gate
 * (pro). Without a dub (`output: 'subtitles'`) the speech stages pass and the original sound stays.
 *
 * `review` is a gate: in pro mode the job waits there for its owner (the service's review calls
 * edit lines and voices, regenerate only what changed, then let it go on); quick mode passes.
 * Several target languages share ingest and source text. Which engines read, hear and translate
 * was decided when the job was accepted (`pipeline-stages/engine-choice.ts`) and is part of the input.
 *
 * The stages live in a file per group, in this order: `video-translation-source.stages.ts`
 * (ingest → speakers), `-speech.stages.ts` (translate → fit), `-picture.stages.ts`
 * (drawn-subtitles → stills) and `-output.stages.ts` (review → deliver); the input, the checkpoints
 * and the speakers' voice keys they share are in `video-translation-job.ts`. This file puts them
 * together and says what the job's result is.
 */
import { MATCH_ORIGINAL_VOICE } from '@voxwork/contract';
import type { VoiceTarget } from '../engines/speech-engines.port.ts';
import type { JobMediaFile, PipelineDefinition } from '../jobs/pipeline-definition.ts';
import { GIVEN_TRANSLATION, type SubtitleTrackStyle } from '../pipeline-stages/index.ts';
import {
  DEFAULT_SPEAKER,
  lineSpeakers,
  linesOf,
  placementsOf,
  speakerCharactersOf,
  speakersCheckpoint,
  spokenVoiceOf,
  translationsCheckpoint,
  translationsOf,
  type VideoTranslationJobInput,
  type VideoTranslationPipelineDeps,
} from './video-translation-job.ts';
import { videoTranslationOutputStages } from './video-translation-output.stages.ts';
import { videoTranslationPictureStages } from './video-translation-picture.stages.ts';
import { videoTranslationSourceStages } from './video-translation-source.stages.ts';
import { videoTranslationSpeechStages } from './video-translation-speech.stages.ts';

export function createVideoTranslationPipeline(deps: VideoTranslationPipelineDeps): PipelineDefinition<VideoTranslationJobInput> {
  return {
    stages: [...videoTranslationSourceStages(deps), ...videoTranslationSpeechStages(deps), ...videoTranslationPictureStages(deps), ...videoTranslationOutputStages(deps)],
    result: (input, outputs) => {
      const lines = linesOf(outputs);
      const speakerOf = lineSpeakers(outputs);
      const translations = translationsOf(outputs);
      const placements = placementsOf(outputs);
      const perTarget = (outputs.deliver?.media as Record<string, JobMediaFile[]> | undefined) ?? {};
      return {
        // The first target's video first: the history and share page show media[0].
        media: [...input.targets.flatMap((target) => perTarget[target.language] ?? []), ...((outputs.deliver?.shared as JobMediaFile[] | undefined) ?? [])],
        sourceLanguage: input.sourceLanguage,
        // A subtitle file given as the translation says so (it was spoken as written, not translated).
        textSource: input.targets.some((target) => target.translatorId === GIVEN_TRANSLATION) ? 'given-translation' : (outputs['source-text']?.textSource ?? null),
        backgroundMethod: outputs.mix?.backgroundMethod ?? null,
        durationSeconds: outputs.ingest?.durationSeconds ?? input.durationSeconds,
        speakers: speakersCheckpoint(outputs).speakers,
        // A series' episode: the character each speaker was found to be (absent otherwise).
        ...(input.characters?.length ? { speakerCharacters: speakerCharactersOf(outputs) } : {}),
        targets: input.targets.map((target) => {
          const texts = new Map((translations[target.language] ?? []).map((line) => [line.id, line.text]));
          const edited = new Set((translationsCheckpoint(outputs)[target.language] ?? []).filter((line) => line.edited).map((line) => line.id));
          const placed = new Map((placements[target.language] ?? []).map((placement) => [placement.id, placement]));
          return {
            language: target.language,
            voiceKey: target.matchOriginal ? MATCH_ORIGINAL_VOICE : target.voice.voiceKey,
            // The voice that spoke: for the original speaker, the base voice its profile was rendered with.
            spokenBy: (() => {
              const spoken = spokenVoiceOf(outputs, target.language, DEFAULT_SPEAKER);
              return spoken?.kind === 'cloned' ? spoken.baseVoiceKey : (spoken?.voiceKey ?? target.voice.voiceKey);
            })(),
            // Each speaker's voice (the base voice for a matched original speaker).
            speakerVoices: Object.fromEntries(
              Object.entries((outputs.synthesize?.voices as Record<string, Record<string, VoiceTarget>> | undefined)?.[target.language] ?? {}).map(([speakerId, voice]) => [speakerId, voice.kind === 'cloned' ? voice.baseVoiceKey : voice.voiceKey]),
            ),
            translatorId: target.translatorId,
            lines: lines.map((line) => {
              const placement = placed.get(line.id);
              return { ...line, speakerId: speakerOf.get(line.id) ?? DEFAULT_SPEAKER, translation: texts.get(line.id) ?? '', edited: edited.has(line.id), dubStartSeconds: placement?.startSeconds ?? null, dubEndSeconds: placement?.endSeconds ?? null, speed: placement?.speed ?? null, fit: placement?.status ?? null };
            }),
          };
        }),
        subtitles: input.subtitles ?? 'keep',
        output: input.output ?? 'dub',
        // The measured style the translation was drawn in (null when nothing was drawn over the picture's lines).
        drawnStyle: (outputs['drawn-subtitles']?.style as SubtitleTrackStyle | undefined) ?? null,
        warnings: [
          ...((outputs['picture-lines']?.warnings as string[] | undefined) ?? []),
          ...((outputs.erase?.warnings as string[] | undefined) ?? []),
          ...((outputs['source-text']?.warnings as string[] | undefined) ?? []),
          ...((outputs.translate?.warnings as string[] | undefined) ?? []),
          ...((outputs.mix?.warnings as string[] | undefined) ?? []),
        ],
      };
    },
  };
}

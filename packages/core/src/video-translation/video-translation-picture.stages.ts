/**
 * Video translation over the picture's own subtitles (`subtitles: 'replace' | 'bilingual'`,
 * decision 055): the source track's style measured and each language's script drawing the
 * translation in it (`drawn-subtitles`), the source lines erased once for every language (`erase`),
 * and for the review gate each line drawn on its frame (`stills`, pro).
 */
import { ErrorCode } from '@voxwork/contract';
import { runFfmpeg, subtitleStillArgs } from '@voxwork/media';
import { DomainError } from '../domain-error.ts';
import type { ScratchFiles } from '../files/scratch-files.port.ts';
import type { JobFiles, JobMediaFile, StageContext, StageDefinition } from '../jobs/pipeline-definition.ts';
import { drawnSubtitleScript, masksOf, measureSubtitleStyle, regionsFromTexts, sourceLineBox, withStyleChoice, writeCueFiles, type SubtitleTrackStyle } from '../pipeline-stages/index.ts';
import { leftoverSamples, measureTextLeft } from '../pipeline-stages/erasure-leftover.ts';
import { drawsInErasure, drawsOverPictureLines, linesOf, MEDIA_TIMEOUT_MS, pictureLinesOf, prefixOf, translationsOf, type VideoTranslationJobInput, type VideoTranslationPipelineDeps } from './video-translation-job.ts';

/** Review stills are scaled to this width at most. */
const STILL_MAX_WIDTH = 960;

/**
 * The script drawing one language's translation over the picture's lines (`<lang>-drawn.ass`) and
 * the soft subtitles as drawn (same times, same breaks). Each translation shows while its source
 * line did (the erased place is empty exactly then), where that line was.
 */
export async function writeDrawnScript(
  scratch: ScratchFiles,
  input: VideoTranslationJobInput,
  outputs: StageContext<unknown>['outputs'],
  files: JobFiles,
  language: string,
  drawing: { style: SubtitleTrackStyle; width: number; height: number },
): Promise<string[]> {
  const texts = pictureLinesOf(outputs);
  const translated = new Map((translationsOf(outputs)[language] ?? []).map((line) => [line.id, line.text]));
  // The style measured from the source track, with what the person picked for this language (a series' style).
  const { style, atMargin } = withStyleChoice(drawing.style, input.targets.find((target) => target.language === language)?.drawnStyle, drawing);
  const { script, drawn } = drawnSubtitleScript(
    linesOf(outputs).map((line) => ({ start: line.startSeconds, end: line.endSeconds, text: translated.get(line.id) ?? '', box: atMargin ? null : sourceLineBox(texts, line) })),
    style,
    { width: drawing.width, height: drawing.height, layout: input.subtitles === 'bilingual' ? 'bilingual' : 'replace' },
  );
  const prefix = prefixOf(language);
  await scratch.writeText(await files.path(`${prefix}drawn.ass`), script);
  return [`${prefix}drawn.ass`, ...(await writeCueFiles(scratch, files, `${prefix}subtitles`, drawn))];
}

export function videoTranslationPictureStages({ erasureEngines, scratch }: VideoTranslationPipelineDeps): Array<StageDefinition<VideoTranslationJobInput>> {
  return [
    {
      // The style of the source track measured once (place, glyph height, colours, outline or box), and per language the
      // script drawing the translation in it; the soft subtitles are rewritten to the lines as drawn (same times, same breaks).
      name: 'drawn-subtitles',
      weight: 1,
      dependsOn: ['picture-lines', 'translate', 'fit'],
      async run({ input, outputs, files, signal }) {
        if (!drawsOverPictureLines(input)) return { drawn: false };
        const texts = pictureLinesOf(outputs);
        const width = (outputs['picture-lines']?.width as number | undefined) ?? (outputs.ingest?.width as number | undefined) ?? 1280;
        const height = (outputs['picture-lines']?.height as number | undefined) ?? (outputs.ingest?.height as number | undefined) ?? 720;
        const style = await measureSubtitleStyle(texts, { videoFile: await files.path('source.video'), width, height, signal });
        if (!style) throw new DomainError(ErrorCode.VIDEO_NO_SUBTITLES_FOUND);
        const written: string[] = [];
        for (const target of input.targets) written.push(...(await writeDrawnScript(scratch, input, outputs, files, target.language, { style, width, height })));
        return { files: written, drawn: true, style, width, height };
      },
    },
    {
      // The source lines erased once for every language (their padded boxes while they show; other text stays). With one
      // language and no review gate the translation is drawn in the same encode (`<lang>-drawn.mp4`, finished: decision 082).
      name: 'erase',
      weight: 6,
      dependsOn: (input) => (drawsInErasure(input) ? ['picture-lines', 'drawn-subtitles'] : ['picture-lines']),
      async run({ input, outputs, files, signal, reportProgress }) {
        if (input.subtitles !== 'replace') return { erased: false };
        const durationSeconds = (outputs.ingest?.durationSeconds as number | undefined) ?? input.durationSeconds;
        const width = (outputs['picture-lines']?.width as number | undefined) ?? 1280;
        const height = (outputs['picture-lines']?.height as number | undefined) ?? 720;
        const regions = regionsFromTexts(pictureLinesOf(outputs), 'subtitles', { width, height, durationSeconds });
        const drawnOver = drawsInErasure(input) ? input.targets[0]!.language : null;
        const output = drawnOver ? `${prefixOf(drawnOver)}drawn.mp4` : 'erased.mp4';
        // Text left after erasure, measured once here (checkpointed with the erasure) for the season board (decision 061):
        // on frames the erasure keeps as it erases them, before the translation is drawn over them.
        const samples = leftoverSamples(pictureLinesOf(outputs), durationSeconds);
        const keepFrames = await Promise.all(samples.map(async (sample, index) => ({ timeSeconds: sample.timeSeconds, imageFile: await files.path(`leftover-${index + 1}.png`) })));
        const erased = await erasureEngines.erase({
          videoFile: await files.path('source.video'),
          outputFile: await files.path(output),
          masks: masksOf(regions, durationSeconds),
          fill: 'best',
          drawOver: drawnOver ? await files.path(`${prefixOf(drawnOver)}drawn.ass`) : undefined,
          keepFrames,
          signal,
          onProgress: reportProgress,
        });
        const kept = new Set(erased.keptFrames ?? []);
        const leftover = await measureTextLeft({ erasureEngines, samples, images: keepFrames.map((frame) => (kept.has(frame.imageFile) ? frame.imageFile : undefined)), width, height, signal });
        return { files: [output], erased: true, drawnOver, regions: regions.length, stats: erased.stats ?? null, warnings: erased.warnings, leftover };
      },
    },
    {
      // Pro: each line drawn on its frame (the erased picture when replacing), as it will be rendered, for the review gate.
      name: 'stills',
      weight: 1,
      dependsOn: ['drawn-subtitles', 'erase'],
      async run({ input, outputs, files, signal, store }) {
        if (input.mode !== 'pro' || !drawsOverPictureLines(input)) return { stills: {} };
        const picture = await files.path(outputs.erase?.erased ? 'erased.mp4' : 'source.video');
        const stills: Record<string, Record<string, JobMediaFile>> = {};
        const written: string[] = [];
        for (const target of input.targets) {
          const prefix = prefixOf(target.language);
          stills[target.language] = {};
          for (const line of linesOf(outputs)) {
            const name = `${prefix}still-${line.id}.jpg`;
            await runFfmpeg(subtitleStillArgs({ video: picture, subtitles: await files.path(`${prefix}drawn.ass`), atSeconds: (line.startSeconds + line.endSeconds) / 2, output: await files.path(name), maxWidth: STILL_MAX_WIDTH }), { signal, timeoutMs: MEDIA_TIMEOUT_MS });
            written.push(name);
            stills[target.language]![line.id] = await store(name, { role: 'image' });
          }
        }
        return { files: written, stills };
      },
    },
  ];
}

import path from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { DubbingExportBody, DubbingProjectBody, JobBody, ToolId } from '../voxwork-client.ts';
import type { CliContext } from './program.ts';
import { UsageError } from './usage-error.ts';

/** What every job-creating command takes besides its own options. */
interface JobOptions {
  wait?: boolean;
  out?: string;
  idempotencyKey?: string;
  title?: string;
}

const DUBBING_EXPORT_FORMATS = ['video', 'audio', 'stems', 'subtitles', 'project'] as const;

/**
 * A command for each file-based tool of the API (issue 30): its input is a local file (uploaded
 * first) or an upload id; the job is created under an idempotency key and, with `--wait` or
 * `--out`, waited for with progress and its results saved. Dubbing has a command per project step.
 */
export function addToolCommands(program: Command, context: CliContext): void {
  const { t, client, out, uploadInput, create, settle, readBase64, positiveInteger, list, number } = context;

  /** The options every job command shares, after its own. */
  const jobCommand = (command: Command) =>
    command
      .option('--title <title>', t.tool.title)
      .option('--wait', t.tool.wait)
      .option('--out <path>', t.tool.out)
      .option('--idempotency-key <key>', t.tool.idempotencyKey);
  const title = (options: JobOptions) => (options.title ? { title: options.title } : {});
  // Sent as the file's bytes: the server decodes UTF-8/16/32 by their mark, else detects GB18030, Big5, windows-125x, ….
  const subtitleFile = async (file: string) => ({ name: path.basename(file), base64: await readBase64(file) });
  /** A file-based tool's run: the input uploaded (an upload id is taken as it is), the body built around it, the job created under the idempotency key and settled. */
  async function runOnUpload<Tool extends ToolId>(tool: Tool, input: string, options: Omit<JobOptions, 'title'>, bodyFor: (uploadId: string) => JobBody<Tool> | Promise<JobBody<Tool>>) {
    const api = client();
    const body = await bodyFor((await uploadInput(api, input)).id);
    return settle(api, await create(api, options.idempotencyKey, (key) => api.createJob(tool, body, key)), options);
  }

  jobCommand(
    program
      .command('speech-to-speech <recording>')
      .description(t.speechToSpeech.description)
      .requiredOption('--voice <key>', t.speechToSpeech.voice)
      .option('--denoise', t.speechToSpeech.denoise)
      .option('--keep-background', t.speechToSpeech.keepBackground)
      .addOption(new Option('--format <format>', t.speechToSpeech.format).choices(['mp3', 'wav']).default('mp3')),
  ).action(async (recording: string, options: JobOptions & { voice: string; denoise?: boolean; keepBackground?: boolean; format: 'mp3' | 'wav' }) => {
    await runOnUpload('speech-to-speech', recording, options, (uploadId) => ({ uploadId, voiceKey: options.voice, denoise: Boolean(options.denoise), keepBackground: Boolean(options.keepBackground), format: options.format, ...title(options) }));
  });

  program
    .command('clone <recording>')
    .description(t.clone.description)
    .requiredOption('--name <name>', t.clone.name)
    .requiredOption('--language <tag>', t.clone.language)
    .option('--consent', t.clone.consent)
    .option('--wait', t.tool.wait)
    .option('--out <path>', t.tool.out)
    .option('--idempotency-key <key>', t.tool.idempotencyKey)
    .action(async (recording: string, options: Omit<JobOptions, 'title'> & { name: string; language: string; consent?: boolean }) => {
      // Consent is the API's to require: without --consent it answers why (CLONE_CONSENT_REQUIRED), in the command's language.
      const job = await runOnUpload('voice-cloning', recording, options, (uploadId) => ({ uploadId, name: options.name, language: options.language, consent: Boolean(options.consent) }));
      const voiceKey = (job.output as { voiceKey?: unknown } | null)?.voiceKey;
      if (job.status === 'completed' && typeof voiceKey === 'string') out(t.clone.voiceLine(voiceKey, options.name));
    });

  jobCommand(
    program
      .command('translate <video>')
      .description(t.translate.description)
      .requiredOption('--from <language>', t.translate.from)
      .requiredOption('--to <languages>', t.translate.to, list)
      .option('--subtitles <file>', t.translate.subtitles)
      .addOption(new Option('--subtitles-are <what>', t.translate.subtitlesAre).choices(['source', 'translation']))
      .addOption(new Option('--text-source <source>', t.translate.textSource).choices(['auto', 'speech', 'subtitles', 'subtitle-file']))
      .option('--voice <language=voiceKey>', t.translate.voice, (value: string, previous: Record<string, string> = {}) => {
        const [language, voiceKey] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
        if (!value.includes('=') || !language || !voiceKey) throw new InvalidArgumentError(t.translate.badVoice(value));
        return { ...previous, [language]: voiceKey };
      })
      .addOption(new Option('--mode <mode>', t.translate.mode).choices(['quick', 'pro']).default('quick'))
      .option('--speakers <n>', t.translate.speakers, positiveInteger)
      .option('--background <engine>', t.translate.background)
      .option('--burn-subtitles', t.translate.burnSubtitles)
      // `--subtitles` already names a subtitle file: the picture's subtitles are `--burned-subtitles`.
      .addOption(new Option('--burned-subtitles <choice>', t.translate.burnedSubtitles).choices(['keep', 'replace', 'bilingual']))
      .addOption(new Option('--output <what>', t.translate.output).choices(['dub', 'subtitles', 'both'])),
  ).action(
    async (
      video: string,
      options: JobOptions & { from: string; to: string[]; subtitles?: string; subtitlesAre?: 'source' | 'translation'; textSource?: JobBody<'video-translation'>['textSource']; voice?: Record<string, string>; mode: 'quick' | 'pro'; speakers?: number; background?: string; burnSubtitles?: boolean; burnedSubtitles?: JobBody<'video-translation'>['subtitles']; output?: JobBody<'video-translation'>['output'] },
    ) => {
      await runOnUpload('video-translation', video, options, async (uploadId) => ({
        uploadId,
        sourceLanguage: options.from,
        targetLanguages: options.to,
        textSource: options.textSource ?? (options.subtitles ? 'subtitle-file' : 'auto'),
        mode: options.mode,
        burnSubtitles: Boolean(options.burnSubtitles),
        background: options.background ?? 'local',
        ...(options.subtitles ? { subtitleFile: await subtitleFile(options.subtitles) } : {}),
        ...(options.subtitlesAre ? { subtitleFileLanguage: options.subtitlesAre } : {}),
        ...(options.voice ? { voices: options.voice } : {}),
        ...(options.speakers ? { speakers: options.speakers } : {}),
        ...(options.burnedSubtitles ? { subtitles: options.burnedSubtitles } : {}),
        ...(options.output ? { output: options.output } : {}),
        ...title(options),
      }));
    },
  );

  jobCommand(
    program
      .command('erase <video>')
      .description(t.erase.description)
      .option('--region <x,y,width,height[,start,end]>', t.erase.region, (value: string, previous: JobBody<'video-erasure'>['regions'] = []) => {
        const parts = value.split(',').map((part) => Number(part.trim()));
        if ((parts.length !== 4 && parts.length !== 6) || parts.some((part) => !Number.isFinite(part))) throw new InvalidArgumentError(t.erase.badRegion(value));
        const [x, y, width, height, startSeconds, endSeconds] = parts as [number, number, number, number, number?, number?];
        return [...previous, { x, y, width, height, kind: 'area' as const, ...(startSeconds !== undefined ? { startSeconds, endSeconds } : {}) }];
      })
      .addOption(new Option('--detect <what>', t.erase.detect).choices(['subtitles', 'all-text']).default('subtitles'))
      .addOption(new Option('--fill <method>', t.erase.fill).choices(['best', 'inpaint', 'fast']).default('best')),
  ).action(async (video: string, options: JobOptions & { region?: JobBody<'video-erasure'>['regions']; detect: 'subtitles' | 'all-text'; fill: 'best' | 'inpaint' | 'fast' }) => {
    await runOnUpload('video-erasure', video, options, (uploadId) => {
      const regions = options.region ?? [];
      return { uploadId, regions, mode: regions.length ? 'regions' : 'automatic', detection: options.detect, fill: options.fill, ...title(options) };
    });
  });

  jobCommand(
    program
      .command('extract <video>')
      .description(t.extract.description)
      .option('--languages <scripts>', t.extract.languages, list, ['zh', 'en']),
  ).action(async (video: string, options: JobOptions & { languages: string[] }) => {
    await runOnUpload('subtitle-extraction', video, options, (uploadId) => ({ uploadId, languages: options.languages as JobBody<'subtitle-extraction'>['languages'], ...title(options) }));
  });

  jobCommand(
    program
      .command('burn-in <video>')
      .description(t.burnIn.description)
      .requiredOption('--subtitles <file>', t.burnIn.subtitles)
      .addOption(new Option('--size <size>', t.burnIn.size).choices(['small', 'medium', 'large']).default('medium'))
      .addOption(new Option('--position <position>', t.burnIn.position).choices(['bottom', 'top']).default('bottom'))
      .addOption(new Option('--look <look>', t.burnIn.look).choices(['outline', 'box']).default('outline'))
      .option('--text-color <colour>', t.burnIn.textColor, '#FFFFFF')
      .option('--outline-color <colour>', t.burnIn.outlineColor, '#101010')
      .option('--bold', t.burnIn.bold)
      .option('--max-lines <n>', t.burnIn.maxLines, positiveInteger, 2),
  ).action(
    async (
      video: string,
      options: JobOptions & { subtitles: string; size: 'small' | 'medium' | 'large'; position: 'bottom' | 'top'; look: 'outline' | 'box'; textColor: string; outlineColor: string; bold?: boolean; maxLines: number },
    ) => {
      await runOnUpload('subtitle-burn-in', video, options, async (uploadId) => {
        const style = { size: options.size, position: options.position, look: options.look, textColor: options.textColor, outlineColor: options.outlineColor, bold: Boolean(options.bold), maxLines: options.maxLines };
        return { uploadId, subtitleFile: await subtitleFile(options.subtitles), style, ...title(options) };
      });
    },
  );

  jobCommand(
    program
      .command('separate <recording>')
      .description(t.separate.description)
      .option('--engine <id>', t.separate.engine, 'rnnoise:rnnoise'),
  ).action(async (recording: string, options: JobOptions & { engine: string }) => {
    await runOnUpload('audio-separation', recording, options, (uploadId) => ({ uploadId, engineId: options.engine, ...title(options) }));
  });

  jobCommand(
    program
      .command('avatar')
      .description(t.avatar.description)
      .option('--avatar <id>', t.avatar.avatar)
      .addOption(new Option('--expression <expression>', t.avatar.expression).choices(['neutral', 'happy', 'serious']).default('neutral'))
      .option('--photo <image>', t.avatar.photo)
      .option('--text <script>', t.avatar.text)
      .option('--voice <key>', t.avatar.voice)
      .option('--audio <recording>', t.avatar.audio)
      .option('--background <colour|file>', t.avatar.background, '#EEF1F8')
      .addOption(new Option('--layout <shape>', t.avatar.layout).choices(['16:9', '9:16', '1:1']).default('16:9'))
      .addOption(new Option('--resolution <height>', t.avatar.resolution).choices(['512', '720', '1080']).default('720'))
      .option('--no-captions', t.avatar.captions)
      .option('--speed <rate>', t.avatar.speed, number, 1),
  ).action(
    async (
      options: JobOptions & { avatar?: string; expression: 'neutral' | 'happy' | 'serious'; photo?: string; text?: string; voice?: string; audio?: string; background: string; layout: '16:9' | '9:16' | '1:1'; resolution: '512' | '720' | '1080'; captions: boolean; speed: number },
    ) => {
      if ((options.avatar === undefined) === (options.photo === undefined)) throw new UsageError(t.avatar.subjectOnce);
      if (options.audio !== undefined ? options.text !== undefined : options.text === undefined || options.voice === undefined) throw new UsageError(t.avatar.speechOnce);
      const api = client();
      type Scene = JobBody<'avatar'>['scenes'][number];
      const subject: Scene['subject'] = options.photo ? { kind: 'photo', uploadId: (await uploadInput(api, options.photo)).id } : { kind: 'illustrated', avatarId: options.avatar!, expression: options.expression };
      const speech: Scene['speech'] = options.audio ? { kind: 'audio', uploadId: (await uploadInput(api, options.audio)).id } : { kind: 'script', text: options.text!, voice: options.voice! };
      let background: NonNullable<Scene['background']>;
      if (/^#[0-9a-f]{6}$/i.test(options.background)) background = { kind: 'colour', colour: options.background };
      else {
        const upload = await uploadInput(api, options.background);
        // An upload id given as it is: taken for an image (a video background is given as a file).
        const kind = (upload.kind as string) === 'unknown' ? 'image' : upload.kind;
        if (kind !== 'image' && kind !== 'video') throw new UsageError(t.avatar.badBackground(kind));
        background = { kind, uploadId: upload.id };
      }
      const body: JobBody<'avatar'> = {
        scenes: [{ subject, speech, background }],
        layout: options.layout,
        resolution: Number(options.resolution) as JobBody<'avatar'>['resolution'],
        captions: { enabled: options.captions },
        speed: options.speed,
        ...title(options),
      };
      await settle(api, await create(api, options.idempotencyKey, (key) => api.createJob('avatar', body, key)), options);
    },
  );

  const dubbing = program.command('dubbing').description(t.dubbing.description);
  const projectLine = (project: { id: string; title: string; status: string; sourceLanguage: string; targetLanguages: readonly string[] }) =>
    t.dubbing.projectLine(project.id, project.title, project.status, `${project.sourceLanguage} → ${project.targetLanguages.join(',')}`);
  dubbing
    .command('create [file]')
    .description(t.dubbing.create)
    .addOption(new Option('--edition <edition>', t.dubbing.edition).choices(['studio', 'pro']).default('studio'))
    .option('--from <language>', t.dubbing.from)
    .requiredOption('--to <languages>', t.dubbing.to, list)
    .option('--translation <jobId>', t.dubbing.translation)
    .addOption(new Option('--text-source <source>', t.dubbing.textSource).choices(['auto', 'speech', 'subtitles', 'subtitle-file', 'none']))
    .option('--subtitles <file>', t.dubbing.subtitles)
    .option('--speakers <n>', t.dubbing.speakers, positiveInteger)
    .option('--title <title>', t.tool.title)
    .option('--wait', t.tool.wait)
    .option('--idempotency-key <key>', t.tool.idempotencyKey)
    .action(
      async (
        file: string | undefined,
        options: Omit<JobOptions, 'out'> & { edition: 'studio' | 'pro'; from?: string; to: string[]; translation?: string; textSource?: string; subtitles?: string; speakers?: number },
      ) => {
        if ((file === undefined) === (options.translation === undefined)) throw new UsageError(t.dubbing.fileOrTranslation);
        if (file !== undefined && !options.from) throw new UsageError(t.dubbing.from);
        const api = client();
        let from: DubbingProjectBody['from'];
        if (options.translation) from = { kind: 'video-translation', jobId: options.translation };
        else {
          const upload = await uploadInput(api, file!);
          from = {
            kind: 'upload',
            uploadId: upload.id,
            sourceLanguage: options.from!,
            textSource: (options.textSource ?? (options.subtitles ? 'subtitle-file' : 'auto')) as 'auto',
            ...(options.subtitles ? { subtitleFile: await subtitleFile(options.subtitles) } : {}),
            ...(options.speakers ? { speakers: options.speakers } : {}),
          };
        }
        const body: DubbingProjectBody = { edition: options.edition, from, targetLanguages: options.to, ...title(options) };
        let projectId = '';
        const created = await create(api, options.idempotencyKey, async (key) => {
          const answer = await api.dubbing.createProject(body, key);
          projectId = answer.projectId;
          return { job: answer.prepareJob, replayed: answer.replayed };
        });
        // The project's id first (for scripts), then its preparation job: the project is ready when that job completes.
        out(projectId);
        const prepared = await settle(api, created, { wait: Boolean(options.wait) });
        if (prepared.status === 'completed') out(projectLine(await api.dubbing.getProject(projectId)));
      },
    );
  dubbing
    .command('list')
    .description(t.dubbing.list)
    .addOption(new Option('--edition <edition>', t.dubbing.edition).choices(['studio', 'pro']).default('studio'))
    .action(async (options: { edition: 'studio' | 'pro' }) => {
      for (const project of (await client().dubbing.listProjects(options.edition)).projects) out(projectLine(project));
    });
  dubbing
    .command('get <projectId>')
    .description(t.dubbing.get)
    .action(async (projectId: string) => out(JSON.stringify(await client().dubbing.getProject(projectId), null, 2)));

  for (const step of ['translate', 'synthesize'] as const) {
    const command = dubbing
      .command(`${step} <projectId>`)
      .description(t.dubbing[step])
      .requiredOption('--language <tag>', t.dubbing.language)
      .addOption(new Option('--segments <which>', t.dubbing.segments).choices(['all', 'changed']).default('all'))
      .option('--segment <id>', t.dubbing.segment, (value: string, previous: string[] = []) => [...previous, value]);
    if (step === 'translate') command.option('--translator <id>', t.dubbing.translator);
    command
      .option('--wait', t.tool.wait)
      .option('--idempotency-key <key>', t.tool.idempotencyKey)
      .action(async (projectId: string, options: Omit<JobOptions, 'out' | 'title'> & { language: string; segments: 'all' | 'changed'; segment?: string[]; translator?: string }) => {
        const api = client();
        const segments = options.segment ? { kind: 'selected' as const, segmentIds: options.segment } : { kind: options.segments };
        const created = await create(api, options.idempotencyKey, (key) =>
          step === 'translate'
            ? api.dubbing.translate(projectId, { language: options.language, segments, ...(options.translator ? { translatorId: options.translator } : {}) }, key)
            : api.dubbing.synthesize(projectId, { language: options.language, segments }, key),
        );
        await settle(api, created, options);
      });
  }
  dubbing
    .command('export <projectId>')
    .description(t.dubbing.export)
    .option('--languages <tags>', t.dubbing.exportLanguages, list)
    .option(
      '--formats <formats>',
      `${t.dubbing.formats} (${DUBBING_EXPORT_FORMATS.join(', ')})`,
      (value: string) => {
        const formats = list(value);
        const unknown = formats.filter((format) => !(DUBBING_EXPORT_FORMATS as readonly string[]).includes(format));
        if (unknown.length) throw new InvalidArgumentError(t.dubbing.badFormats(unknown.join(', '), DUBBING_EXPORT_FORMATS.join(', ')));
        return formats;
      },
      ['video', 'subtitles'],
    )
    .option('--allow-overlap', t.dubbing.allowOverlap)
    .option('--wait', t.tool.wait)
    .option('--out <path>', t.tool.out)
    .option('--idempotency-key <key>', t.tool.idempotencyKey)
    .action(async (projectId: string, options: Omit<JobOptions, 'title'> & { languages?: string[]; formats: string[]; allowOverlap?: boolean }) => {
      const api = client();
      const languages = options.languages ?? (await api.dubbing.getProject(projectId)).targetLanguages;
      const body: DubbingExportBody = { languages, formats: options.formats as (typeof DUBBING_EXPORT_FORMATS)[number][], ...(options.allowOverlap ? { allowOverlap: true } : {}) };
      await settle(api, await create(api, options.idempotencyKey, (key) => api.dubbing.export(projectId, body, key)), options);
    });
}

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { VoxworkApiError, type SeriesBody, type VoxworkClient } from '../voxwork-client.ts';
import { parseCsv } from './csv.ts';
import type { CliContext } from './program.ts';
import { UsageError } from './usage-error.ts';

/** The video files a folder's episodes are taken from (by extension; the server checks what each really is). */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.m4v', '.mkv', '.webm', '.avi', '.ts', '.flv']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Episodes one add request takes at most (the contract's `MAX_EPISODES_PER_ADD`). */
const EPISODES_PER_REQUEST = 100;

/** A folder's videos in name order (natural: `E2` before `E10`), or the files given as they are. */
export async function episodeFiles(inputs: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    const found = await stat(input).catch(() => undefined);
    if (found?.isDirectory()) {
      const names = (await readdir(input)).filter((name) => VIDEO_EXTENSIONS.has(path.extname(name).toLowerCase()) && !name.startsWith('.'));
      names.sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }));
      files.push(...names.map((name) => path.join(input, name)));
    } else files.push(input);
  }
  return files;
}

/** A glossary CSV (`source,target[,language]`) as the series' terms. */
export function glossaryFromCsv(text: string, file: string, badRow: (file: string, line: number, columns: string) => string): NonNullable<SeriesBody['glossary']> {
  return parseCsv(text).rows.map(({ line, values }) => {
    const source = values.source?.trim();
    const target = values.target?.trim();
    if (!source || !target) throw new UsageError(badRow(file, line, 'source,target'));
    return { source, target, language: values.language?.trim() || null };
  });
}

/** A characters CSV (`name,gender` and a column of voice keys per target language) as the series' characters. */
export function charactersFromCsv(text: string, file: string, badRow: (file: string, line: number, columns: string) => string): NonNullable<SeriesBody['characters']> {
  const { columns, rows } = parseCsv(text);
  const languages = columns.filter((column) => !['name', 'gender', 'id'].includes(column));
  return rows.map(({ line, values }, index) => {
    const name = values.name?.trim();
    const gender = (values.gender?.trim().toLowerCase() || 'unknown') as 'female' | 'male' | 'unknown';
    if (!name || !['female', 'male', 'unknown'].includes(gender)) throw new UsageError(badRow(file, line, 'name,gender (female, male or unknown)'));
    const voices = Object.fromEntries(languages.map((language) => [language, values[language]?.trim() ?? '']).filter(([, voice]) => voice));
    return { id: values.id?.trim() || `character-${index + 1}`, name, gender, voices };
  });
}

/**
 * `voxwork series …` (issue 28): create a series from CSV files, add a folder of episodes (quoted
 * first), print the season board with its quality signals, download the season zip. REST v1
 * through the client; a series is named by its id or its exact name.
 */
export function addSeriesCommands(program: Command, context: CliContext): void {
  const { t, client, out, err, uploadInput, readText, list } = context;
  const series = program.command('series').description(t.series.description);

  async function seriesId(api: VoxworkClient, nameOrId: string): Promise<{ id: string; name: string; targetLanguages: string[] }> {
    if (UUID.test(nameOrId)) return api.series.get(nameOrId);
    const found = (await api.series.list()).list.find((candidate) => candidate.name === nameOrId);
    if (!found) throw new UsageError(t.series.notFound(nameOrId));
    return found;
  }

  series
    .command('create <name>')
    .description(t.series.create)
    .requiredOption('--source <language>', t.series.source)
    .requiredOption('--target <languages>', t.series.target, list)
    .option('--glossary <file.csv>', t.series.glossary)
    .option('--characters <file.csv>', t.series.characters)
    .action(async (name: string, options: { source: string; target: string[]; glossary?: string; characters?: string }) => {
      const body: SeriesBody = {
        name,
        sourceLanguage: options.source,
        targetLanguages: options.target,
        ...(options.glossary ? { glossary: glossaryFromCsv(await readText(options.glossary), options.glossary, t.series.badRow) } : {}),
        ...(options.characters ? { characters: charactersFromCsv(await readText(options.characters), options.characters, t.series.badRow) } : {}),
      };
      const created = await client().series.create(body);
      out(t.series.created(created.id, created.name, `${created.sourceLanguage ?? '?'} → ${created.targetLanguages.join(',')}`));
    });

  series
    .command('add <series> <videos...>')
    .description(t.series.add)
    .addOption(new Option('--subtitles <choice>', t.series.subtitles).choices(['keep', 'replace', 'bilingual']).default('keep'))
    .addOption(new Option('--output <choice>', t.series.output).choices(['dub', 'subtitles', 'both']).default('dub'))
    .addOption(new Option('--text-source <source>', t.series.textSource).choices(['auto', 'speech', 'subtitles']).default('auto'))
    .action(async (nameOrId: string, inputs: string[], options: { subtitles: 'keep' | 'replace' | 'bilingual'; output: 'dub' | 'subtitles' | 'both'; textSource: 'auto' | 'speech' | 'subtitles' }) => {
      const files = await episodeFiles(inputs);
      if (!files.length) throw new UsageError(t.series.noVideos(inputs.join(' ')));
      const api = client();
      const target = await seriesId(api, nameOrId);
      const uploads: Array<{ uploadId: string; name: string }> = [];
      for (const file of files) uploads.push({ uploadId: (await uploadInput(api, file)).id, name: path.basename(file) });
      // The quote first: what the episodes will cost, before anything runs.
      try {
        let total = 0;
        for (let from = 0; from < uploads.length; from += EPISODES_PER_REQUEST) {
          const part = uploads.slice(from, from + EPISODES_PER_REQUEST);
          const quote = await api.series.quote(target.id, { uploadIds: part.map((upload) => upload.uploadId), subtitles: options.subtitles, output: options.output });
          for (const [index, episode] of quote.episodes.entries()) out(t.series.quoteLine(part[index]?.name ?? episode.uploadId, episode.seconds, episode.cost));
          total += quote.cost;
        }
        out(t.series.quoteTotal(uploads.length, target.targetLanguages.join(','), total));
      } catch (error) {
        // A server without the quote route: say so, never a made-up figure.
        if (!(error instanceof VoxworkApiError && error.status === 404)) throw error;
        err(t.series.noQuote);
      }
      let frozen = 0;
      for (let from = 0; from < uploads.length; from += EPISODES_PER_REQUEST) {
        const part = uploads.slice(from, from + EPISODES_PER_REQUEST);
        const added = await api.series.addEpisodes(target.id, {
          episodes: part.map((upload) => ({ uploadId: upload.uploadId })),
          textSource: options.textSource,
          subtitles: options.subtitles,
          output: options.output,
        });
        frozen += added.cost;
        for (const episode of added.episodes) out(`E${String(episode.number).padStart(2, '0')}  ${episode.title}  ${episode.jobs.map((job) => `${job.language}:${job.jobId}`).join(' ')}`);
      }
      out(t.series.added(uploads.length, frozen));
    });

  series
    .command('status <series>')
    .description(t.series.status)
    .action(async (nameOrId: string) => {
      const api = client();
      const board = await api.series.episodes((await seriesId(api, nameOrId)).id);
      const shown = (value: number | null | undefined, of?: number | null) => (value === null || value === undefined ? t.series.notMeasured : of === undefined || of === null ? String(value) : `${value}/${of}`);
      const rows = [t.series.header];
      for (const episode of board.episodes) {
        for (const job of episode.jobs) {
          const signals = episode.signals.find((candidate) => candidate.language === job.language);
          rows.push([
            `E${String(episode.number).padStart(2, '0')}`,
            episode.title,
            job.language,
            t.status[job.status] ?? job.status,
            `${Math.round(job.progress)}%`,
            String(job.cost.settled ?? job.cost.estimated),
            shown(signals?.spedUpLines),
            shown(signals?.overSlotLines),
            shown(signals?.glossaryMisses),
            shown(signals?.textLeftFrames, signals?.sampledFrames),
            signals?.maxDriftSeconds === null || signals?.maxDriftSeconds === undefined ? t.series.notMeasured : signals.maxDriftSeconds.toFixed(2),
          ]);
        }
      }
      out(table(rows));
    });

  series
    .command('download <series>')
    .description(t.series.download)
    .option('-o, --out <file.zip>', t.series.downloadOut)
    .action(async (nameOrId: string, options: { out?: string }) => {
      const api = client();
      const found = await seriesId(api, nameOrId);
      const file = options.out ?? `${found.name.replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ').trim() || found.id}.zip`;
      const bytes = await api.series.download(found.id, file);
      out(t.series.saved(file, bytes));
    });
}

/** Columns padded to their widest cell (CJK characters count two). */
function table(rows: readonly string[][]): string {
  const width = (text: string) => [...text].reduce((sum, character) => sum + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(character) ? 2 : 1), 0);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => width(row[column] ?? ''))));
  return rows.map((row) => row.map((cell, column) => cell + ' '.repeat(widths[column]! - width(cell))).join('  ').trimEnd()).join('\n');
}

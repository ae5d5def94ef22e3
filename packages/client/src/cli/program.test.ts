import { TOOL_CATALOGUE } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { CLI_TOOL_COMMANDS, createProgram } from './program.ts';

const silent = { stdout: { write: () => true }, stderr: { write: () => true } } as unknown as Parameters<typeof createProgram>[1];

describe('the voxwork command covers the tool catalogue', () => {
  it('has a command for every built tool of the catalogue, and none for a tool that is not there', () => {
    const built = TOOL_CATALOGUE.filter((tool) => tool.status === 'built').map((tool) => tool.id as string);
    // A new tool in the catalogue (the series tool, say) fails here until the CLI has its command.
    expect(built.filter((id) => !(id in CLI_TOOL_COMMANDS)), 'built tools without a CLI command (CLI_TOOL_COMMANDS in packages/client/src/cli/program.ts)').toEqual([]);
    expect(Object.keys(CLI_TOOL_COMMANDS).filter((id) => !built.includes(id)), 'CLI commands of tools the catalogue does not have (built)').toEqual([]);
  });

  it('each tool’s command exists, with a description, in English and Chinese', () => {
    for (const language of ['en', 'zh'] as const) {
      const program = createProgram(language, silent);
      const commands = new Map(program.commands.map((command) => [command.name(), command]));
      for (const [tool, name] of Object.entries(CLI_TOOL_COMMANDS)) {
        const command = commands.get(name);
        expect(command, `${tool}: no \`voxwork ${name}\``).toBeDefined();
        expect(command!.description().length, `${tool}: \`voxwork ${name}\` has no description (${language})`).toBeGreaterThan(10);
        if (language === 'zh') expect(command!.description(), name).toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it('every job command takes --idempotency-key and --wait; those with result files take --out', () => {
    const program = createProgram('en', silent);
    const dubbing = program.commands.find((command) => command.name() === 'dubbing')!;
    expect(dubbing.commands.map((command) => command.name())).toEqual(['create', 'list', 'get', 'translate', 'synthesize', 'export']);
    const withResults = program.commands.filter((command) => !['voices', 'dubbing', 'series'].includes(command.name()) && (Object.values(CLI_TOOL_COMMANDS) as string[]).includes(command.name()));
    const dubbingJobs = dubbing.commands.filter((command) => !['list', 'get'].includes(command.name()));
    for (const command of [...withResults, ...dubbingJobs]) expect(command.options.map((option) => option.long), command.name()).toEqual(expect.arrayContaining(['--idempotency-key', '--wait']));
    for (const command of [...withResults, dubbing.commands.find((command) => command.name() === 'export')!]) expect(command.options.map((option) => option.long), command.name()).toContain('--out');
  });

  it('translate takes what a subtitle file holds (the source, or the translation itself); dubbing export can let overrunning takes overlap, in both languages', () => {
    for (const language of ['en', 'zh'] as const) {
      const program = createProgram(language, silent);
      const translate = program.commands.find((command) => command.name() === 'translate')!;
      const subtitlesAre = translate.options.find((option) => option.long === '--subtitles-are');
      expect(subtitlesAre?.argChoices).toEqual(['source', 'translation']);
      const burned = translate.options.find((option) => option.long === '--burned-subtitles');
      expect(burned?.argChoices).toEqual(['keep', 'replace', 'bilingual']);
      const output = translate.options.find((option) => option.long === '--output');
      expect(output?.argChoices).toEqual(['dub', 'subtitles', 'both']);
      const dubbing = program.commands.find((command) => command.name() === 'dubbing')!;
      const allowOverlap = dubbing.commands.find((command) => command.name() === 'export')!.options.find((option) => option.long === '--allow-overlap');
      for (const option of [subtitlesAre!, burned!, output!, allowOverlap!]) {
        expect(option.description.length, option.long).toBeGreaterThan(20);
        if (language === 'zh') expect(option.description, option.long).toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it('series: create from CSV files, add a folder (quoted first), the board, the season zip, in both languages', () => {
    for (const language of ['en', 'zh'] as const) {
      const program = createProgram(language, silent);
      const series = program.commands.find((command) => command.name() === 'series')!;
      expect(series.commands.map((command) => command.name())).toEqual(['create', 'add', 'status', 'download']);
      const create = series.commands.find((command) => command.name() === 'create')!;
      expect(create.options.map((option) => option.long)).toEqual(['--source', '--target', '--glossary', '--characters']);
      const add = series.commands.find((command) => command.name() === 'add')!;
      expect(add.options.find((option) => option.long === '--subtitles')?.argChoices).toEqual(['keep', 'replace', 'bilingual']);
      expect(add.options.find((option) => option.long === '--output')?.argChoices).toEqual(['dub', 'subtitles', 'both']);
      const download = series.commands.find((command) => command.name() === 'download')!;
      expect(download.options.map((option) => option.short)).toContain('-o');
      for (const command of series.commands) if (language === 'zh') expect(command.description(), command.name()).toMatch(/\p{Script=Han}/u);
    }
  });
});

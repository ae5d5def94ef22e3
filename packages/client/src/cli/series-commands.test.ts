import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { charactersFromCsv, episodeFiles, glossaryFromCsv } from './series-commands.ts';
import { UsageError } from './usage-error.ts';

const badRow = (file: string, line: number, columns: string) => `${file}:${line} ${columns}`;

describe('voxwork series: files and sheets', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('takes a folder’s videos in natural name order, other files left out, and files given as they are', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'voxwork-cli-series-'));
    dirs.push(dir);
    for (const name of ['E10 End.mp4', 'E2 Middle.MOV', 'E1 Start.mp4', 'notes.txt', '.hidden.mp4', 'cover.jpg']) await writeFile(path.join(dir, name), '');
    expect((await episodeFiles([dir])).map((file) => path.basename(file))).toEqual(['E1 Start.mp4', 'E2 Middle.MOV', 'E10 End.mp4']);
    expect(await episodeFiles(['a.mp4', dir])).toHaveLength(4);
  });

  it('reads a glossary sheet (language optional) and a characters sheet (a voice column per language)', () => {
    expect(glossaryFromCsv('source,target,language\nJade Palace,Palacio de Jade,es\nLin Feng,Lin Feng,\n', 'g.csv', badRow)).toEqual([
      { source: 'Jade Palace', target: 'Palacio de Jade', language: 'es' },
      { source: 'Lin Feng', target: 'Lin Feng', language: null },
    ]);
    expect(charactersFromCsv('name,gender,es,ca\nLin Feng,male,espeak:espeak-ng/es,\nMei,female,espeak:espeak-ng/es+f3,espeak:espeak-ng/ca\n', 'c.csv', badRow)).toEqual([
      { id: 'character-1', name: 'Lin Feng', gender: 'male', voices: { es: 'espeak:espeak-ng/es' } },
      { id: 'character-2', name: 'Mei', gender: 'female', voices: { es: 'espeak:espeak-ng/es+f3', ca: 'espeak:espeak-ng/ca' } },
    ]);
    expect(() => glossaryFromCsv('source,target\nJade Palace,\n', 'g.csv', badRow)).toThrow(new UsageError('g.csv:2 source,target'));
    expect(() => charactersFromCsv('name,gender\nLin,robot\n', 'c.csv', badRow)).toThrow(UsageError);
  });
});

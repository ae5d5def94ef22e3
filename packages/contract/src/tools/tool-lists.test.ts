import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, toolLists } from '../../generate-tool-lists.ts';
import { TOOL_ORDER } from './tool-order.ts';

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A tree holding every tool's catalogue entry, and the given files (path → content). */
function treeWith(files: Record<string, string>): string {
  const root = `${mkdtempSync(join(tmpdir(), 'tool-lists-'))}/`;
  trees.push(root);
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  for (const id of TOOL_ORDER) write(`packages/contract/src/tools/${id}.entry.ts`, '');
  for (const [path, content] of Object.entries(files)) write(path, content);
  return root;
}

describe('the generated lists of tools', () => {
  it('are what `npm run generate:tools` writes from TOOL_ORDER and the tools’ files', () => {
    const lists = Object.entries(toolLists());
    expect(lists.length).toBe(10);
    for (const [path, content] of lists) {
      expect(readFileSync(join(REPOSITORY_ROOT, path), 'utf8') === content, `${path} is stale: run \`npm run generate:tools\``).toBe(true);
    }
  });

  it('list a tool in every layer it has a file in, in TOOL_ORDER, with the internal tools first', () => {
    const lists = toolLists(
      treeWith({
        'packages/core/src/system/system.tool.ts': '',
        'packages/core/src/voices/voices.tool.ts': '',
        'packages/core/src/text-to-speech/text-to-speech.tool.ts': '',
        'packages/core/src/text-to-speech/index.ts': '',
        'apps/server/src/tools/voices.tool.ts': '',
        'packages/contract/src/calls/voices.calls.ts': 'export const voicesCalls = [];',
        'packages/contract/src/calls/text-to-speech.calls.ts': 'export const textToSpeechApiJob = { call: textToSpeechCreateCall, example: {} };',
      }),
    );
    expect(lists['packages/core/src/tools.generated.ts']).toContain('export const CORE_TOOLS = [systemTool, textToSpeechTool, voicesTool] as const;');
    expect(lists['packages/core/src/tool-exports.generated.ts']).toContain("export * from './text-to-speech/index.ts';");
    expect(lists['packages/core/src/tool-exports.generated.ts']).not.toContain('voices');
    expect(lists['apps/server/src/tools.generated.ts']).toContain('export const SERVER_TOOLS = [voicesServerTool] as const;');
    expect(lists['packages/contract/src/calls/tool-calls.generated.ts']).toContain("  'text-to-speech': textToSpeechApiJob.call,");
    expect(lists['packages/contract/src/calls/tool-calls.generated.ts']).not.toContain('voicesApiJob');
  });

  it('refuse a tool that is not in TOOL_ORDER, and a tool of TOOL_ORDER without its catalogue entry', () => {
    expect(() => toolLists(treeWith({ 'apps/web/app/components/karaoke/karaoke.web.ts': '' }))).toThrow(/without a line in TOOL_ORDER.*karaoke/);
    const root = treeWith({});
    rmSync(join(root, 'packages/contract/src/tools/series.entry.ts'));
    expect(() => toolLists(root)).toThrow(/without packages\/contract\/src\/tools\/<id>\.entry\.ts: series/);
  });
});

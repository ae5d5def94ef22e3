import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server-process.ts';

/**
 * The lint rules that keep tools apart (eslint.config.js, docs/architecture.md "Layers"): a file
 * written into one tool's folder that imports another tool's folder fails lint, and the server's
 * engine adapters reach core only through its engine ports. The files are linted as text at a path
 * inside the tree (nothing is written).
 */
const eslint = new ESLint({
  cwd: REPO_ROOT,
  // The import graph walk of no-cycle is the slow part of linting and not what is checked here.
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('tool boundaries', () => {
  it('refuses a core tool importing another tool, and lets it use the shared stages and the voice library', async () => {
    const crossing = await boundaryErrors('packages/core/src/dubbing/boundary-probe.ts', "import { assignSpeakerCharacters } from '../video-translation/speaker-characters.ts';\nexport const probe = assignSpeakerCharacters;\n");
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toContain('a tool imports no other tool');
    const shared = await boundaryErrors(
      'packages/core/src/dubbing/boundary-probe.ts',
      "import { readSourceText } from '../pipeline-stages/index.ts';\nimport { libraryTarget } from '../voices/voice-choice.ts';\nexport const probe = [readSourceText, libraryTarget];\n",
    );
    expect(shared).toEqual([]);
  });

  it('refuses the shared stages importing a tool', async () => {
    const errors = await boundaryErrors('packages/core/src/pipeline-stages/boundary-probe.ts', "import { makesDub } from '../video-translation/video-translation.pipeline.ts';\nexport const probe = makesDub;\n");
    expect(errors).toHaveLength(1);
  });

  it("refuses a server tool importing another tool's server part", async () => {
    const errors = await boundaryErrors('apps/server/src/tools/avatar.tool.ts', "import { dubbingServerTool } from './dubbing.tool.ts';\nexport const probe = dubbingServerTool;\n");
    expect(errors).toHaveLength(1);
  });

  it("refuses a web tool importing another tool's components or helpers, and lets it use the shared ones", async () => {
    const components = await boundaryErrors('apps/web/app/components/avatar/boundary-probe.tsx', 'import { VideoTranslatorPage } from "../video-translation/video-translator-page";\nexport const probe = VideoTranslatorPage;\n');
    expect(components).toHaveLength(1);
    const helpers = await boundaryErrors('apps/web/app/components/series/boundary-probe.ts', 'import { editorPath } from "../../lib/dubbing/editor-paths";\nexport const probe = editorPath;\n');
    expect(helpers).toHaveLength(1);
    const shared = await boundaryErrors(
      'apps/web/app/components/series/boundary-probe.ts',
      'import { targetFiles } from "../../lib/translation/translation-result";\nimport { TargetVoices } from "../tool-shared/target-voices";\nimport { VoicePickerDialog } from "../voices/voice-picker-dialog";\nexport const probe = [targetFiles, TargetVoices, VoicePickerDialog];\n',
    );
    expect(shared).toEqual([]);
  });

  it("keeps the server's engine adapters to core's engine ports", async () => {
    const rules = await boundaryErrors('apps/server/src/engines/boundary-probe.ts', "import { videoTranslationTool } from '@voxwork/core';\nexport const probe = videoTranslationTool;\n");
    expect(rules).toHaveLength(1);
    expect(rules[0]).toContain('engine adapters');
    const deep = await boundaryErrors('apps/server/src/engines/boundary-probe.ts', "import { requireTranslator } from '../../../../packages/core/src/pipeline-stages/engine-choice.ts';\nexport const probe = requireTranslator;\n");
    expect(deep).toHaveLength(1);
    const ports = await boundaryErrors('apps/server/src/engines/boundary-probe.ts', "import { DomainError, LOCAL_BACKGROUND_METHODS } from '@voxwork/core/engines';\nexport const probe = [DomainError, LOCAL_BACKGROUND_METHODS];\n");
    expect(ports).toEqual([]);
  });
});

import { writeFile } from 'node:fs/promises';
import { REPOSITORY_ROOT, toolLists } from '../packages/contract/generate-tool-lists.ts';

/** `npm run generate:tools`: rewrites every per-layer list of tools from TOOL_ORDER and the tools' files (decision 068). */
for (const [path, content] of Object.entries(toolLists())) {
  await writeFile(`${REPOSITORY_ROOT}${path}`, content);
  process.stdout.write(`wrote ${path}\n`);
}

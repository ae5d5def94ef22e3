#!/usr/bin/env node
/**
 * `voxwork`: the command line of the Voxwork REST API (issues 19 and 30). Published and linked as
 * `dist/cli.js` (built by `npm run build --workspace @voxwork/client`, runs on Node ≥ 20); the
 * monorepo's Node 24 runs this source as it is too (`node packages/client/src/cli.ts …`).
 */
import { cliLanguage } from './cli/cli-messages.ts';
import { createProgram, runCli } from './cli/program.ts';

const language = cliLanguage(process.argv.slice(2), process.env);
await runCli(createProgram(language), language);

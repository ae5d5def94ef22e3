/**
 * Every tool's part in the server, in one list (decision 053): `areas/index.ts` binds their
 * calls and `areas/rest-v1.area.ts` mounts their REST v1 routes from it (their services are
 * built by core's `createToolServices`, in `services.ts`). Add a tool by writing `tools/<tool>.tool.ts` and listing it here.
 */
import type { ToolId } from '@voxwork/contract';
import type { CoreToolId } from '@voxwork/core';
import { systemServerTool } from './tools/system.tool.ts';
import { voicesServerTool } from './tools/voices.tool.ts';
import { textToSpeechServerTool } from './tools/text-to-speech.tool.ts';
import { voiceCloningServerTool } from './tools/voice-cloning.tool.ts';
import { speechToSpeechServerTool } from './tools/speech-to-speech.tool.ts';
import { videoTranslationServerTool } from './tools/video-translation.tool.ts';
import { videoErasureServerTool } from './tools/video-erasure.tool.ts';
import { subtitleExtractionServerTool } from './tools/subtitle-extraction.tool.ts';
import { audioSeparationServerTool } from './tools/audio-separation.tool.ts';
import { subtitleBurnInServerTool } from './tools/subtitle-burn-in.tool.ts';
import { avatarServerTool } from './tools/avatar.tool.ts';
import { dubbingServerTool } from './tools/dubbing.tool.ts';
import { seriesServerTool } from './tools/series.tool.ts';

export const SERVER_TOOLS = [
  systemServerTool,
  voicesServerTool,
  textToSpeechServerTool,
  voiceCloningServerTool,
  speechToSpeechServerTool,
  videoTranslationServerTool,
  videoErasureServerTool,
  subtitleExtractionServerTool,
  audioSeparationServerTool,
  subtitleBurnInServerTool,
  avatarServerTool,
  dubbingServerTool,
  seriesServerTool,
] as const;

// Every tool of the catalogue and of core has its server part, and none is listed that they lack.
type ListedId = (typeof SERVER_TOOLS)[number]['id'];
const _everyToolHasItsServerPart: [ListedId] extends [CoreToolId] ? ([CoreToolId | ToolId] extends [ListedId] ? true : false) : false = true;
void _everyToolHasItsServerPart;

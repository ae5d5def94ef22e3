import type { MessageKey } from "../i18n";
import type { WorkbenchPage } from "./route-meta";
import type { ToolRouteId } from "./workbench-nav";

/**
 * The one place that knows which tool a job type belongs to, what to call it and what it produces.
 * Job types are namespaced strings (`tts.synthesize`); tools are the workbench routes
 * (`/workbench/{tool}`). Add a job type here when its tool starts queueing it.
 */

/** Every workbench tool, by its route segment, and the page whose name labels it. */
export const TOOLS = {
  "text-to-speech": "workbenchTextToSpeech",
  "speech-to-speech": "workbenchSpeechToSpeech",
  "voice-cloning": "workbenchVoiceCloning",
  "voice-library": "workbenchVoiceLibrary",
  "video-translator": "workbenchVideoTranslator",
  "video-translator-pro": "workbenchVideoTranslatorPro",
  "dubbing-studio": "workbenchDubbingStudio",
  "dubbing-pro": "workbenchDubbingPro",
  "ai-avatar-video": "workbenchAiAvatarVideo",
  "ai-tools": "workbenchAiTools",
  "video-erasure": "workbenchVideoErasure",
} as const satisfies Record<string, WorkbenchPage>;

/** A tool, or `system` for operator and diagnostic jobs (self-check, ping). */
export type ToolId = keyof typeof TOOLS | "system";

/** What a job's result is shown as: a player for audio or video, text for everything else. */
export type OutputKind = "audio" | "video" | "text";

export interface JobKind {
  tool: ToolId;
  labelKey: MessageKey;
  output: OutputKind;
}

export const JOB_KINDS: Readonly<Record<string, JobKind>> = {
  "system.selfCheck": { tool: "system", labelKey: "history.kinds.selfCheck", output: "audio" },
  "system.ping": { tool: "system", labelKey: "history.kinds.ping", output: "text" },
  "tts.synthesize": { tool: "text-to-speech", labelKey: "history.kinds.ttsSynthesize", output: "audio" },
  "sts.convert": { tool: "speech-to-speech", labelKey: "history.kinds.stsConvert", output: "audio" },
  // A clone's result is its voice; the history plays its preview.
  "voice.clone": { tool: "voice-cloning", labelKey: "history.kinds.voiceClone", output: "audio" },
};

const UNKNOWN: JobKind = { tool: "system", labelKey: "history.kinds.unknown", output: "text" };

/** The kind of a job type; types this build does not know yet show as "Other job" with text output. */
export function jobKind(type: string): JobKind {
  return Object.prototype.hasOwnProperty.call(JOB_KINDS, type) ? JOB_KINDS[type]! : UNKNOWN;
}

/** Job types of the given tools (empty when none of them queues jobs yet). */
export function jobTypesOf(tools: readonly ToolId[]): string[] {
  return Object.entries(JOB_KINDS)
    .filter(([, kind]) => tools.includes(kind.tool))
    .map(([type]) => type);
}

/** Tools that have at least one job type, in the order of `JOB_KINDS` (the tool filter's options). */
export function toolsWithJobs(): ToolId[] {
  return [...new Set(Object.values(JOB_KINDS).map((kind) => kind.tool))];
}

/** The catalogue key naming a tool. */
export function toolLabelKey(tool: ToolId): MessageKey {
  return tool === "system" ? "history.tools.system" : `wbPage.${TOOLS[tool]}`;
}

/** The tool of a workbench tool page (route id in `app/routes.ts`). */
export const TOOL_OF_ROUTE: Record<ToolRouteId, ToolId> = {
  "wb-text-to-speech": "text-to-speech",
  "wb-speech-to-speech": "speech-to-speech",
  "wb-voice-cloning": "voice-cloning",
  "wb-voice-library": "voice-library",
  "wb-video-translator": "video-translator",
  "wb-video-translator-pro": "video-translator-pro",
  "wb-dubbing-studio": "dubbing-studio",
  "wb-dubbing-pro": "dubbing-pro",
  "wb-dubbing-pro-details": "dubbing-pro",
  "wb-ai-avatar-video": "ai-avatar-video",
  "wb-ai-tools": "ai-tools",
  "wb-video-erasure": "video-erasure",
};

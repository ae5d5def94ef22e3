import type { LucideIcon } from "lucide-react";
import type { JobView } from "@voxwork/contract";
import type { TOOL_JOBS } from "@voxwork/contract/tool-jobs";
import type { ToolId, ToolOf } from "@voxwork/contract/tools";
import type { MessageKey } from "../i18n";

/**
 * The web part of a tool (issue 29): what the workbench shows of it besides its pages. Each tool
 * declares one, in its own folder (`components/<tool>/<tool>.web.ts`), and `lib/web-tools.ts`
 * lists them; the sidebar, the workbench home, the AI tools hub and the content history's job
 * kinds are derived from that list. Ids, pages, paths and job types come from the contract's tool
 * catalogue; the types below make a part that misses one of them fail typecheck.
 */

type PagesOf<Id extends ToolId> = ToolOf<Id>["pages"][number];
/** The tool's pages the sidebar shows (`tool` and `hub`). */
export type NavPageIdOf<Id extends ToolId> = Extract<PagesOf<Id>, { kind: "tool" | "hub" }>["id"];
/** The job types the tool queues. */
export type JobTypeOf<Id extends ToolId> = keyof (typeof TOOL_JOBS)[Id]["jobs"] & string;

/** A card on the AI tools hub: a line about the tool, and a title and query when the card opens the tool a particular way. */
export interface HubCard {
  hint: MessageKey;
  title?: MessageKey;
  search?: string;
}

/** A tool the catalogue puts in the hub (it holds the hub page, or is a card of it) must say what its card says. */
type HubPart<Id extends ToolId> = ToolOf<Id> extends { hub: "ai-tools" } ? { hubCard: HubCard } : Extract<PagesOf<Id>, { kind: "hub" }> extends never ? { hubCard?: HubCard } : { hubCard: HubCard };

export type WebTool<Id extends ToolId> = {
  id: Id;
  /** The icon of each page the sidebar shows (also the hub card's and the workbench home's). */
  icons: Record<NavPageIdOf<Id>, LucideIcon>;
  /** The content history's name of each job type. */
  jobLabels: Record<JobTypeOf<Id>, MessageKey>;
  /** Job types whose results have a page of their own (locale-neutral path); the history links to it. */
  resultPages?: Partial<Record<JobTypeOf<Id>, (job: Pick<JobView, "id" | "input">) => string>>;
  /** The tool a run was made with as the user chose it, when it is not the tool's own name (an edition of it). */
  runLabel?: (job: Pick<JobView, "type" | "input">) => MessageKey | null;
} & HubPart<Id>;

/** What code that treats every tool alike reads of a web part (every `WebTool` is one). */
export interface AnyWebTool {
  id: ToolId;
  icons: Readonly<Record<string, LucideIcon>>;
  jobLabels: Readonly<Record<string, MessageKey>>;
  resultPages?: Readonly<Partial<Record<string, (job: Pick<JobView, "id" | "input">) => string>>>;
  runLabel?: (job: Pick<JobView, "type" | "input">) => MessageKey | null;
  hubCard?: HubCard;
}

/** Declares a tool's web part (checks it against the catalogue and keeps its literal types). */
export function defineWebTool<const Id extends ToolId>(tool: WebTool<Id>): WebTool<Id> {
  return tool;
}

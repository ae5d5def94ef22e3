import type { TOOL_PRICES } from '../prices.ts';
import { TOOL_ENTRIES } from './tool-entries.generated.ts';
import type { TOOL_ORDER } from './tool-order.ts';

/**
 * The tool catalogue: one entry per tool of the product (spec §1–2), built or not yet. Everything
 * that lists tools is derived from it or checked against it at compile time: the web's routes
 * (`apps/web/app/routes.ts`), route metadata (`lib/route-meta.ts`), the workbench sidebar
 * (`lib/workbench-nav.ts`), the content history's tool filter and job kinds (`lib/job-kinds.ts`)
 * and the job types core queues (`JOB_NAMES` in `packages/core/src/jobs/job-types.ts`, which must
 * equal `JOB_TYPES`). The tool id names the tool in every layer
 * (`packages/contract/src/calls/text-to-speech.calls.ts`, `packages/core/src/text-to-speech/`,
 * `apps/server/src/tools/text-to-speech.tool.ts`, `apps/web/app/components/text-to-speech/`,
 * `apps/web/app/i18n/text-to-speech.en.ts`) and its job types (`text-to-speech.synthesize`). See
 * "Adding a tool" in `docs/architecture.md`.
 *
 * Schema-free on purpose (no zod; it imports only the tools' entries): browser code imports it from
 * `@voxwork/contract/tools`, a subpath holding nothing else, so route metadata (in root, on every
 * marketing page) costs only the catalogue (decision 011).
 */

/** Sidebar groups of the workbench (the account group holds the shell's own pages). */
export type ToolNavGroup = 'create' | 'voices' | 'video';

/** How a result is shown: a player for audio or video, text for everything else. */
export type OutputKind = 'audio' | 'video' | 'text';

export type ToolStatus = 'built' | 'not-yet';

/** A key of the price table a tool charges from (`TOOL_PRICES` in `prices.ts`). */
export type PriceKey = Exclude<keyof typeof TOOL_PRICES, 'tierMultiplier'>;

/**
 * What a workbench page of a tool is: its main page (`tool`), a hub listing tools (`hub`), a
 * project's editor or details (`details`), or the result of one job (`result`).
 */
export type ToolPageKind = 'tool' | 'hub' | 'details' | 'result';

export interface ToolPageDefinition<
  Id extends string = string,
  Path extends `/workbench/${string}` = `/workbench/${string}`,
  Kind extends ToolPageKind = ToolPageKind,
> {
  /** Unique across the catalogue; the web's route id is `wb-{id}`, its message keys `workbench{PascalCase(id)}`. */
  id: Id;
  /** `tool` and `hub` pages are in the workbench sidebar; `details` and `result` pages are reached from them. */
  kind: Kind;
  /** English at the plain path, Chinese under `/zh` (spec §2); `:slug` is a route parameter. */
  paths: { en: Path; zh: `/zh${Path}` };
}

export interface ToolDefinition {
  id: string;
  status: ToolStatus;
  navGroup: ToolNavGroup;
  /** Workbench pages in sidebar order; the first of kind `tool` is the tool's main page (it names the tool). */
  pages: readonly ToolPageDefinition[];
  /** The public marketing landing page, when the tool has one. */
  marketing: { en: `/${string}`; zh: `/zh/${string}` } | null;
  /**
   * The hub page the tool is a card of (`ai-tools`). Such a tool is opened from its card and the
   * sidebar shows only the hub for it (the spec's video erasure is in the sidebar as well).
   */
  hub?: 'ai-tools';
  /**
   * A tool that queues no job type of its own: its runs are this tool's jobs (a series' episodes
   * are video translations). Its REST routes are scoped by that tool's API key scope, and it is
   * no API key scope itself (decision 061).
   */
  runsAs?: string;
}


/**
 * Every tool, in the order the sidebar and the history's tool filter show them (`TOOL_ORDER`): each
 * tool's entry is its own `<tool id>.entry.ts`, listed by the generated `tool-entries.generated.ts`.
 */
export const TOOL_CATALOGUE = TOOL_ENTRIES satisfies readonly ToolDefinition[];

// The generated list holds exactly the tools of `TOOL_ORDER` (run `npm run generate:tools` after adding one).
type OrderedId = (typeof TOOL_ORDER)[number];
type EntryId = (typeof TOOL_ENTRIES)[number]['id'];
const _listMatchesOrder: [OrderedId] extends [EntryId] ? ([EntryId] extends [OrderedId] ? true : false) : false = true;
void _listMatchesOrder;


/**
 * Job types no user tool owns: operators and diagnostics (`system.selfCheck` renders a test tone
 * for an owner; `system.ping` is a queue round trip). They are queued like any job, shown in a
 * user's history when they own one, but never offered by the history's tool filter.
 */
export const INTERNAL_JOBS = {
  'system.selfCheck': 'audio',
  'system.ping': 'text',
} as const satisfies Readonly<Record<string, OutputKind>>;

export type ToolEntry = (typeof TOOL_CATALOGUE)[number];
export type ToolId = ToolEntry['id'];
export type ToolOf<Id extends ToolId> = Extract<ToolEntry, { id: Id }>;
export type BuiltToolId = Extract<ToolEntry, { status: 'built' }>['id'];
/** Built tools that are an API key scope: those that run jobs of their own (`runsAs` absent). */
export type ScopedToolId = Exclude<BuiltToolId, Extract<ToolEntry, { runsAs: string }>['id']>;

export type ToolPage = ToolEntry['pages'][number];
export type ToolPageId = ToolPage['id'];
/** Locale-neutral path pattern of a tool page (`/workbench/dubbing-studio/details/:slug`). */
export type ToolPagePath = ToolPage['paths']['en'];
/** Pages the workbench sidebar shows. */
export type NavToolPage = Extract<ToolPage, { kind: 'tool' | 'hub' }>;

export type MarketingToolPath = NonNullable<ToolEntry['marketing']>['en'];

// `@__PURE__`: a bundle that does not use a derived list (a marketing page's route metadata) drops it.
export const TOOL_IDS: readonly ToolId[] = /* @__PURE__ */ TOOL_CATALOGUE.map((tool) => tool.id);

/** The catalogue entry of a tool. */
export function toolById<Id extends ToolId>(id: Id): ToolOf<Id> {
  return TOOL_CATALOGUE.find((tool) => tool.id === id) as ToolOf<Id>;
}

/** Every workbench page of every tool, in catalogue order. */
export const TOOL_PAGES: readonly ToolPage[] = /* @__PURE__ */ TOOL_CATALOGUE.flatMap((tool) => tool.pages as readonly ToolPage[]);

/** A tool's main page: the first of kind `tool`. */
export function mainPage(tool: ToolEntry): ToolPage {
  const pages = tool.pages as readonly ToolPage[];
  return pages.find((candidate) => candidate.kind === 'tool') ?? pages[0]!;
}

/** The tool a workbench page belongs to. */
export function toolOfPage(pageId: ToolPageId): ToolId {
  return TOOL_CATALOGUE.find((tool) => (tool.pages as readonly ToolPage[]).some((candidate) => candidate.id === pageId))!.id;
}

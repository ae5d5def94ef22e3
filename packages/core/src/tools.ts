/**
 * Every tool's part in core, in one list (decision 053): the job registry (`JobInputs`,
 * `JOB_POLICIES`, `PipelineMap`, `createJobPipelines` in `jobs/`) and the tools' services
 * (`createToolServices`) are derived from it, and checked both ways against the contract
 * catalogue's job types. The list, `CORE_TOOLS`, is generated from the folders that hold a
 * `<tool>/<tool>.tool.ts` (`tools.generated.ts`, `npm run generate:tools`, decision 068).
 */
import type { ToolJobEnd, ToolServiceDeps } from './jobs/define-tool.ts';
import { CORE_TOOLS } from './tools.generated.ts';

export * from './tools.generated.ts';

export type CoreToolEntry = (typeof CORE_TOOLS)[number];
/** Tool ids core knows (the catalogue's and `system`). */
export type CoreToolId = CoreToolEntry['id'];

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every tool's services by name (`textToSpeech`, `dubbing`, `dubbingJobs`, …), as `createToolServices` builds them. */
export type ToolServices = UnionToIntersection<ReturnType<CoreToolEntry['services']>>;

/** What the tools say they need of other tools' services (the series: the video translator's create). */
type NeedsOf<T> = T extends { services: (deps: never, tools: () => infer Needs) => unknown } ? Needs : never;
// Every tool's services hold what any tool needs of them (an error here names the tool whose port is not met).
const _everyNeedIsMet: [ToolServices] extends [UnionToIntersection<NeedsOf<CoreToolEntry>>] ? true : false = true;
void _everyNeedIsMet;

/** Every tool's services, built from the same deps (each tool's `services` picks what it needs; `tools` reaches the others' once built). */
export function createToolServices(deps: ToolServiceDeps): ToolServices {
  const built: { services?: ToolServices } = {};
  const tools = () => {
    if (!built.services) throw new Error('a tool reached another tool’s services while they were being built');
    return built.services;
  };
  built.services = Object.assign({}, ...CORE_TOOLS.map((tool) => (tool.services as (deps: ToolServiceDeps, tools: () => ToolServices) => object)(deps, tools))) as ToolServices;
  return built.services;
}

/** Tells every tool that watches job ends (`onJobEndedIn`) that a user's job ended, inside the transaction that ends it. */
export async function toolsJobEndedIn(end: ToolJobEnd): Promise<void> {
  for (const tool of CORE_TOOLS) if ('onJobEndedIn' in tool && tool.onJobEndedIn) await tool.onJobEndedIn(end);
}


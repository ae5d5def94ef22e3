import { useMatches } from "react-router";
import { ContentHistory } from "../../components/history/content-history";
import { ToolComingSoon } from "../../components/workbench/empty-state";
import { TOOL_OF_ROUTE } from "../../lib/job-kinds";
import { TOOL_PAGES, type ToolRouteId } from "../../lib/workbench-nav";

/**
 * Tool pages (text to speech, voice cloning, …): one module mounted under several route ids in
 * `app/routes.ts`; each shows its layout with an honest "arrives soon" state until its tool issue
 * fills it in (then the tool gets its own module), and below it the tool's own content history.
 */
export default function ToolPage() {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id as ToolRouteId;
  const page = TOOL_PAGES[id];
  return (
    <>
      <ToolComingSoon page={page} />
      <div className="mx-auto w-full max-w-5xl">
        <ContentHistory tools={[TOOL_OF_ROUTE[id]]} />
      </div>
    </>
  );
}

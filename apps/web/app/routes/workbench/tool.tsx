import { toolOfPage, type ToolPageId } from "@voxwork/contract/tools";
import { useMatches } from "react-router";
import { ContentHistory } from "../../components/history/content-history";
import { ToolComingSoon } from "../../components/workbench/empty-state";
import { toolPageKey } from "../../lib/route-meta";

/**
 * Pages of tools not built yet (status `not-yet` in the tool catalogue): one module mounted under
 * a route id `wb-{page id}` per page in `app/routes.ts`; each shows its layout with an honest
 * "arrives soon" state until its tool is built (then the tool gets its own module), and below it
 * the tool's own content history.
 */
export default function ToolPage() {
  const matches = useMatches();
  const pageId = (matches[matches.length - 1]?.id ?? "").replace(/^wb-/, "") as ToolPageId;
  return (
    <>
      <ToolComingSoon page={toolPageKey(pageId)} />
      <div className="mx-auto w-full max-w-5xl">
        <ContentHistory tools={[toolOfPage(pageId)]} />
      </div>
    </>
  );
}

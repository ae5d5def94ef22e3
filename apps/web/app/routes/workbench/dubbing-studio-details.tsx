import { data, type LoaderFunctionArgs } from "react-router";
import type { Route } from "./+types/dubbing-studio-details";
import { DubbingEditorPage } from "../../components/dubbing/dubbing-editor-page";
import { PROJECT_ID_PATTERN } from "../../lib/dubbing/editor-paths";

/** A slug that cannot be a project id is no page (404); whether the project is the caller's is asked from the browser. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!PROJECT_ID_PATTERN.test(params.slug ?? "")) throw data(null, { status: 404, statusText: "Not Found" });
  return null;
}

/** `/workbench/dubbing-studio/details/:slug`: the editor of one studio project (slug = project id). */
export default function DubbingStudioDetails({ params }: Route.ComponentProps) {
  return <DubbingEditorPage edition="studio" projectId={params.slug} />;
}

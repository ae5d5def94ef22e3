import { data, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { DubbingEditorPage } from "../../components/dubbing/dubbing-editor-page";
import { PROJECT_ID_PATTERN } from "../../lib/dubbing/editor-paths";

/** `?project=` that cannot be a project id is no page (404); without it the page asks for a project. */
export function loader({ request }: LoaderFunctionArgs) {
  const project = new URL(request.url).searchParams.get("project");
  if (project !== null && !PROJECT_ID_PATTERN.test(project)) throw data(null, { status: 404, statusText: "Not Found" });
  return null;
}

/** `/workbench/dubbing-pro/details?project={id}`: the editor of one pro project. */
export default function DubbingProDetails() {
  const [params] = useSearchParams();
  return <DubbingEditorPage edition="pro" projectId={params.get("project")} />;
}

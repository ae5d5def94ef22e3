import { data } from "react-router";

/** Any other path under `/workbench` (e.g. the spec's component-level paths): 404 once past the guard. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function WorkbenchNotFound() {
  return null;
}

import { data } from "react-router";

/**
 * `{slug}` detail and result pages (dubbing studio, video translator, video translator pro):
 * no results exist yet, so every slug answers 404 (the not-found page). The tool issues replace
 * this loader with a real lookup.
 */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function ResultDetails() {
  return null;
}

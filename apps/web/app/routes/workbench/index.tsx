import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { localeFromPath, localizePath } from "../../i18n";

/** `/workbench` itself opens the workbench home (after the guard). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/workbench/home", localeFromPath(new URL(request.url).pathname)));
}

export default function WorkbenchIndex() {
  return null;
}

import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { DubbingProjectSummary } from "@voxwork/contract";
import { dubbingProjectListCall } from "@voxwork/contract/client";
import { MAX_DUBBING_LANGUAGES, type DubbingEdition } from "@voxwork/contract/dubbing";
import { CheckIcon, PlusIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { isSignedIn, useCurrentUser } from "../../lib/current-user";
import { projectListPath } from "../../lib/dubbing/editor-paths";
import { Button } from "../ui/button";
import { NewProjectDialog } from "./new-project-dialog";
import { ProjectCard } from "./project-card";
import { useDubbingOptions } from "./use-dubbing-options";

/**
 * `/workbench/dubbing-studio` and `/workbench/dubbing-pro`: what the edition is (and how it
 * differs from the other), "New project", and the user's projects of that edition as cards.
 */
export function DubbingProjectsPage({ edition }: { edition: DubbingEdition }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const signedIn = isSignedIn(useCurrentUser());
  const options = useDubbingOptions(signedIn);
  const [projects, setProjects] = useState<DubbingProjectSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((value) => value + 1), []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.call(dubbingProjectListCall, { edition }).then(
      (answer) => {
        if (!live) return;
        setProjects(answer.projects);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, edition, signedIn, reloads]);

  const max = options?.maxLanguages.pro ?? MAX_DUBBING_LANGUAGES;
  const copy = edition === "pro"
    ? { title: t("dubbing.pro.title"), lead: t("dubbing.pro.lead", { max }), points: [t("dubbing.pro.point1", { max }), t("dubbing.pro.point2"), t("dubbing.pro.point3")], other: t("dubbing.pro.otherEdition"), link: t("dubbing.pro.otherLink") }
    : { title: t("dubbing.studio.title"), lead: t("dubbing.studio.lead"), points: [t("dubbing.studio.point1"), t("dubbing.studio.point2"), t("dubbing.studio.point3")], other: t("dubbing.studio.otherEdition"), link: t("dubbing.studio.otherLink") };

  return (
    <section className="mx-auto w-full max-w-6xl" data-testid="dubbing-projects" data-edition={edition}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-bold tracking-tight">{copy.title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{copy.lead}</p>
        </div>
        <Button type="button" size="lg" onClick={() => setCreating(true)} data-testid="dubbing-new-project">
          <PlusIcon aria-hidden="true" />
          {t("dubbing.list.newProject")}
        </Button>
      </div>
      <ul className="mt-4 grid gap-1.5 text-sm sm:grid-cols-3" data-testid="edition-points">
        {copy.points.map((point) => (
          <li key={point} className="flex gap-2 rounded-xl border border-border bg-surface p-3">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">
        {copy.other}{" "}
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to={localizePath(projectListPath(edition === "pro" ? "studio" : "pro"), locale)}>
          {copy.link}
        </Link>
      </p>

      <h2 className="mt-8 text-lg font-semibold">{t("dubbing.list.heading")}</h2>
      <div className="mt-3">
        {failed && !projects ? (
          <div className="flex items-center gap-3 text-sm" role="alert">
            {t("dubbing.list.failedToLoad")}
            <Button type="button" variant="outline" size="sm" onClick={reload}>
              {t("dubbing.list.retry")}
            </Button>
          </div>
        ) : !projects ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t("dubbing.list.loading")}
          </p>
        ) : projects.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid="dubbing-empty">
            {t("dubbing.list.empty")}
          </p>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4" data-testid="dubbing-project-grid">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} onChanged={reload} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <NewProjectDialog open={creating} onOpenChange={setCreating} edition={edition} options={options} />
    </section>
  );
}

import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { ErrorCode, type DubbingProject } from "@voxwork/contract";
import { ApiError, dubbingProjectGetCall } from "@voxwork/contract/client";
import type { DubbingEdition } from "@voxwork/contract/dubbing";
import { ArrowLeftIcon } from "lucide-react";
import { localizePath, useLocale, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { getCurrentUser, isSignedIn, useCurrentUser } from "../../lib/current-user";
import { projectListPath } from "../../lib/dubbing/editor-paths";
import { JobStatus } from "../tool-shared/job-status";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { DubbingEditor } from "./dubbing-editor";

/**
 * The details page of a project (studio `/details/:slug`, pro `/details?project=`): reads the
 * project, shows its preparation while it is being prepared (and reads it again when that ends),
 * why it failed, or the editor.
 */
export function DubbingEditorPage({ edition, projectId }: { edition: DubbingEdition; projectId: string | null }) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const signedIn = isSignedIn(useCurrentUser());
  const [project, setProject] = useState<DubbingProject | null>(null);
  const [missing, setMissing] = useState(false);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((value) => value + 1), []);

  // The first read starts while the page is still being rendered (a long project takes a moment to
  // read), not after it has mounted; later reads (after preparing) start from the effect.
  const [firstRead] = useState(() => {
    // (During hydration the hook above still gives the server's answer, a guest: the cookie is read here.)
    if (typeof window === "undefined" || !projectId || !isSignedIn(getCurrentUser())) return null;
    const answer = api.call(dubbingProjectGetCall, { projectId });
    answer.catch(() => undefined); // Handled by the effect below; no "unhandled" report meanwhile.
    return { projectId, answer };
  });
  useEffect(() => {
    if (!projectId || !signedIn) return;
    let live = true;
    const read = reloads === 0 && firstRead?.projectId === projectId ? firstRead.answer : api.call(dubbingProjectGetCall, { projectId });
    read.then(
      (answer) => live && setProject(answer),
      (error: unknown) => live && error instanceof ApiError && error.code === ErrorCode.DUBBING_PROJECT_NOT_FOUND && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [api, projectId, signedIn, reloads, firstRead]);

  const preparing = project?.status === "preparing" ? project.prepareJobId : null;
  const { job, connection } = useFollowedJob(preparing);
  const ended = isJobEnded(job);
  useEffect(() => {
    if (ended) reload();
  }, [ended, reload]);

  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={localizePath(projectListPath(edition), locale)}>
        <ArrowLeftIcon aria-hidden="true" />
        {t("dubbing.editor.back")}
      </Link>
    </Button>
  );
  const message = (text: string, testId: string) => (
    <section className="mx-auto w-full max-w-6xl">
      {back}
      <h1 className="mt-2 text-xl font-bold tracking-tight">{t(edition === "pro" ? "dubbing.pro.title" : "dubbing.studio.title")}</h1>
      <p className="mt-4 rounded-2xl border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-testid={testId}>
        {text}
      </p>
    </section>
  );

  if (!projectId) return message(t("dubbing.editor.choose"), "dubbing-editor-choose");
  if (missing) return message(t("dubbing.editor.notFound"), "dubbing-editor-not-found");
  if (!project) return message(t("dubbing.editor.loading"), "dubbing-editor-loading");
  if (project.status === "failed") return message(t("dubbing.editor.failed", { message: project.error?.message ?? "" }), "dubbing-editor-failed");
  if (project.status === "preparing") {
    return (
      <section className="mx-auto grid w-full max-w-6xl gap-4" data-testid="dubbing-editor-preparing">
        {back}
        <h1 className="text-xl font-bold tracking-tight">{project.title}</h1>
        <p className="text-sm text-muted-foreground">{t("dubbing.editor.preparing")}</p>
        {project.prepareJobId ? <JobStatus job={job} connection={connection} label={t("dubbing.list.preparing")} /> : null}
      </section>
    );
  }
  return <DubbingEditor key={project.id} project={project} edition={edition} />;
}

import { useEffect, useState } from "react";
import { ErrorCode, messageFor, type JobView, type PortraitAssessment, type PortraitVerdict, type UploadView } from "@voxwork/contract";
import { CircleCheckIcon, CircleXIcon, TriangleAlertIcon } from "lucide-react";
import { avatarFacesCall } from "@voxwork/contract/client";
import { useLocale, usePlural, useT } from "../../i18n";
import { useApiClient } from "../../lib/api-client";
import { cn } from "../../lib/utils";
import { JobStatus } from "../tool-shared/job-status";
import { isJobEnded, useFollowedJob } from "../tool-shared/use-followed-job";
import { Button } from "../ui/button";
import { UploadDropzone } from "../upload/upload-dropzone";

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface FacesOutput {
  width: number;
  height: number;
  faces: Array<{ box: FaceBox; confidence: number; check?: PortraitAssessment }>;
}

const facesOf = (job: JobView | null): FacesOutput | null => (job?.status === "completed" && job.output ? (job.output as unknown as FacesOutput) : null);

const sameBox = (a: FaceBox | undefined, b: FaceBox) => Boolean(a && Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1);

/**
 * The portrait check of the chosen face, next to the photo: each measure (size, tilt, turn, lips,
 * light) with its verdict and advice in the page's language. Warnings let the person go on; a block
 * asks for another photo (the page will not make the video).
 */
function PortraitCheckPanel({ check }: { check: PortraitAssessment }) {
  const t = useT();
  const locale = useLocale();
  const order: Record<PortraitVerdict, number> = { block: 0, warn: 1, ok: 2 };
  const checks = [...check.checks].sort((a, b) => order[a.verdict] - order[b.verdict]);
  return (
    <div
      role="status"
      className={cn(
        "grid content-start gap-2 rounded-xl border p-3 text-sm",
        check.verdict === "block" ? "border-destructive/60 bg-destructive/5" : check.verdict === "warn" ? "border-primary/40 bg-primary-soft/40" : "border-border bg-surface-muted/50",
      )}
      data-testid="photo-check"
      data-verdict={check.verdict}
    >
      <p className="font-semibold">{t(`avatar.photo.check.${check.verdict}`)}</p>
      <ul className="grid gap-1.5">
        {checks.map((item) => (
          <li key={item.kind} className={cn("flex gap-2", item.verdict === "ok" && "text-muted-foreground")} data-testid="photo-check-item" data-kind={item.kind} data-verdict={item.verdict}>
            {item.verdict === "ok" ? (
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : item.verdict === "warn" ? (
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-primary-soft-foreground" aria-hidden="true" />
            ) : (
              <CircleXIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <span>
              <span className="sr-only">{t(`avatar.photo.check.verdict.${item.verdict}`)}: </span>
              {item.advice[locale]}
            </span>
          </li>
        ))}
      </ul>
      {check.verdict !== "ok" ? <p className="text-muted-foreground">{t(check.verdict === "block" ? "avatar.photo.check.blockNext" : "avatar.photo.check.warnNext")}</p> : null}
    </div>
  );
}

/**
 * A photo speaker: the upload, a free job that finds its faces and checks them for a talking photo,
 * the faces drawn over the photo as buttons (the largest chosen first), and the chosen face's check
 * beside the photo. No face: the catalogue's message, and another photo. `onVerdict` tells the page
 * the chosen face's verdict (a block stops the video).
 */
export function PhotoFacePicker({ scene, photo, face, onPhoto, onFace, onVerdict }: { scene: number; photo: UploadView | null; face: FaceBox | undefined; onPhoto: (photo: UploadView | null) => void; onFace: (face: FaceBox | undefined) => void; onVerdict?: ((verdict: PortraitVerdict | undefined) => void) | undefined }) {
  const t = useT();
  const tp = usePlural();
  const locale = useLocale();
  const api = useApiClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const faces = useFollowedJob(jobId);
  const found = facesOf(faces.job);

  useEffect(() => {
    if (!photo) return setJobId(null);
    let live = true;
    api.call(avatarFacesCall, { uploadId: photo.id }).then((created) => live && setJobId(created.jobId), () => undefined);
    return () => {
      live = false;
    };
  }, [api, photo]);

  // The largest face speaks unless the user picks another.
  const firstFace = found?.faces[0]?.box;
  useEffect(() => {
    if (firstFace && !face) onFace(firstFace);
  }, [firstFace?.x, firstFace?.y]);

  const chosenCheck = found?.faces.find((candidate) => sameBox(face, candidate.box))?.check;
  useEffect(() => {
    onVerdict?.(chosenCheck?.verdict);
  }, [chosenCheck?.verdict]);

  if (!photo) return <UploadDropzone accept="image/*" onUploaded={onPhoto} data-testid="photo-dropzone" />;
  const failed = faces.job?.status === "failed";
  return (
    <div className="grid gap-2" data-testid="photo-speaker">
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-3 desktop:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="relative w-full max-w-sm overflow-hidden rounded-lg bg-black" style={found ? { aspectRatio: `${found.width} / ${found.height}` } : undefined}>
          <img src={photo.url} alt="" className={cn("block w-full", found && "absolute inset-0 size-full object-fill")} />
          {found?.faces.map((candidate, index) => {
            const chosen = sameBox(face, candidate.box);
            return (
              <button
                key={index}
                type="button"
                aria-label={t("avatar.photo.face", { number: index + 1 })}
                aria-pressed={Boolean(chosen)}
                onClick={() => onFace(candidate.box)}
                className={cn("absolute rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring", chosen ? "border-primary bg-primary/20" : "border-white/80 hover:border-primary")}
                style={{ left: `${(candidate.box.x / found.width) * 100}%`, top: `${(candidate.box.y / found.height) * 100}%`, width: `${(candidate.box.width / found.width) * 100}%`, height: `${(candidate.box.height / found.height) * 100}%` }}
                data-testid="face-box"
              />
            );
          })}
        </div>
        {chosenCheck ? <PortraitCheckPanel check={chosenCheck} /> : null}
      </div>
      {jobId && !isJobEnded(faces.job) ? <JobStatus job={faces.job} connection={faces.connection} label={t("avatar.photo.finding")} /> : null}
      {found ? <p className="text-sm" data-testid="faces-found">{tp("avatar.photo.found", found.faces.length)}</p> : null}
      {failed ? (
        <p role="alert" className="text-sm text-destructive" data-testid="no-face">
          {faces.job?.error?.code === ErrorCode.AVATAR_NO_FACE ? messageFor(locale, ErrorCode.AVATAR_NO_FACE, { scene }) : faces.job?.error?.message}
        </p>
      ) : null}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => { onFace(undefined); onPhoto(null); }}>
        {t("avatar.photo.replace")}
      </Button>
    </div>
  );
}

import { useEffect, useState } from "react";
import { ErrorCode, messageFor, type JobView, type UploadView } from "@voxwork/contract";
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
  faces: Array<{ box: FaceBox; confidence: number }>;
}

const facesOf = (job: JobView | null): FacesOutput | null => (job?.status === "completed" && job.output ? (job.output as unknown as FacesOutput) : null);

/**
 * A photo speaker: the upload, a free job that finds its faces, and the faces drawn over the photo
 * as buttons (the largest chosen first). No face: the catalogue's message, and another photo.
 */
export function PhotoFacePicker({ scene, photo, face, onPhoto, onFace }: { scene: number; photo: UploadView | null; face: FaceBox | undefined; onPhoto: (photo: UploadView | null) => void; onFace: (face: FaceBox | undefined) => void }) {
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

  if (!photo) return <UploadDropzone accept="image/*" onUploaded={onPhoto} data-testid="photo-dropzone" />;
  const failed = faces.job?.status === "failed";
  return (
    <div className="grid gap-2" data-testid="photo-speaker">
      <div className="relative w-full max-w-sm overflow-hidden rounded-lg bg-black" style={found ? { aspectRatio: `${found.width} / ${found.height}` } : undefined}>
        <img src={photo.url} alt="" className={cn("block w-full", found && "absolute inset-0 size-full object-fill")} />
        {found?.faces.map((candidate, index) => {
          const chosen = face && Math.abs(face.x - candidate.box.x) < 1 && Math.abs(face.y - candidate.box.y) < 1;
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

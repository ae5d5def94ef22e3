import { useRef, useState, type ComponentProps, type DragEvent } from "react";
import type { UploadView } from "@voxwork/contract";
import { useLocale } from "../../i18n";
import { usePublicConfig } from "../../lib/public-config";
import { UploadCancelledError, UploadError, uploadFile, type UploadProgress } from "../../lib/upload/upload-client";
import { readUserInfo } from "../../lib/user-info";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Progress } from "../ui/progress";

/** Uploads running in any dropzone of the page: a tool's Create asked for meanwhile says the file is still on its way, not that there is none. */
let uploadsRunning = 0;
export const uploadInFlight = (): boolean => uploadsRunning > 0;

const MESSAGES = {
  en: {
    prompt: "Drag a file here, or",
    choose: "choose a file",
    uploading: "Uploading {name}…",
    cancel: "Cancel",
    done: "Uploaded {name}",
    signIn: "Please sign in to upload files.",
    another: "Upload another file",
  },
  zh: {
    prompt: "将文件拖到这里，或",
    choose: "选择文件",
    uploading: "正在上传 {name}…",
    cancel: "取消",
    done: "已上传 {name}",
    signIn: "请先登录再上传文件。",
    another: "再上传一个文件",
  },
} as const;

type State =
  | { kind: "idle" }
  | { kind: "uploading"; name: string; progress: UploadProgress }
  | { kind: "done"; upload: UploadView }
  | { kind: "error"; message: string };

export interface UploadDropzoneProps extends Omit<ComponentProps<"div">, "onDrop"> {
  /** `accept` of the file input, e.g. "video/*,audio/*". The server checks the content anyway. */
  accept?: string;
  /** Files up to this size are sent in one request; larger ones resumably (tus). */
  smallFileMaxBytes?: number;
  onUploaded?: (upload: UploadView) => void;
  disabled?: boolean;
}

/** Drag-and-drop (or pick) one file, upload it with a progress bar and cancel, show the server's message on refusal. */
export function UploadDropzone({ accept, smallFileMaxBytes, onUploaded, disabled, className, ...props }: UploadDropzoneProps) {
  const locale = useLocale();
  const text = MESSAGES[locale];
  const config = usePublicConfig();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const busy = state.kind === "uploading";

  async function start(file: File | undefined) {
    if (!file || busy || disabled) return;
    const token = readUserInfo(document.cookie)?.token;
    if (!token) return setState({ kind: "error", message: text.signIn });
    controller.current = new AbortController();
    setState({ kind: "uploading", name: file.name, progress: { bytesSent: 0, bytesTotal: file.size, percent: 0 } });
    uploadsRunning += 1;
    try {
      const upload = await uploadFile(file, {
        baseUrl: config.apiBaseUrl,
        token,
        locale,
        signal: controller.current.signal,
        ...(smallFileMaxBytes ? { smallFileMaxBytes } : {}),
        onProgress: (progress) => setState({ kind: "uploading", name: file.name, progress }),
      });
      setState({ kind: "done", upload });
      onUploaded?.(upload);
    } catch (error) {
      if (error instanceof UploadCancelledError) return setState({ kind: "idle" });
      setState({ kind: "error", message: error instanceof UploadError ? error.message : String(error) });
    } finally {
      uploadsRunning -= 1;
      controller.current = null;
      if (input.current) input.current.value = "";
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void start(event.dataTransfer.files[0]);
  };

  return (
    <div
      data-slot="upload-dropzone"
      data-state={dragging ? "dragging" : state.kind}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy && !disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-border p-6 text-center text-sm text-muted-foreground transition-colors",
        dragging && "border-primary bg-primary/5",
        disabled && "opacity-50",
        className,
      )}
      {...props}
    >
      <input ref={input} type="file" hidden accept={accept} disabled={disabled || busy} onChange={(event) => void start(event.target.files?.[0])} data-slot="upload-dropzone-input" />
      {state.kind === "uploading" ? (
        <div className="flex w-full max-w-sm flex-col gap-2" data-slot="upload-dropzone-progress">
          <span className="truncate">{text.uploading.replace("{name}", state.name)}</span>
          <Progress value={state.progress.percent} aria-label={text.uploading.replace("{name}", state.name)} />
          <span className="tabular-nums">{state.progress.percent.toFixed(0)}%</span>
          <Button type="button" variant="outline" size="sm" onClick={() => controller.current?.abort()}>
            {text.cancel}
          </Button>
        </div>
      ) : (
        <>
          {state.kind === "done" && <span data-slot="upload-dropzone-done">{text.done.replace("{name}", state.upload.name)}</span>}
          {state.kind === "error" && (
            <span role="alert" className="text-destructive" data-slot="upload-dropzone-error">
              {state.message}
            </span>
          )}
          <span>
            {state.kind === "done" ? null : text.prompt}{" "}
            <Button type="button" variant="link" className="h-auto p-0" disabled={disabled} onClick={() => input.current?.click()}>
              {state.kind === "done" ? text.another : text.choose}
            </Button>
          </span>
        </>
      )}
    </div>
  );
}

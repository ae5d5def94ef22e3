import { VideoErasurePage } from "../../components/video-erasure/video-erasure-page";

/** `/workbench/ai-tools/video-erasure` (and `/zh/…`): the video erasure tool (components in `components/video-erasure/`). */
export default function VideoErasure() {
  return <VideoErasurePage />;
}

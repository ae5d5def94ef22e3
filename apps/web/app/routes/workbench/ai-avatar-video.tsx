import { AvatarPage } from "../../components/avatar/avatar-page";

/** `/workbench/ai-avatar-video` (and `/zh/…`): AI avatar video and talking photos (components in `components/avatar/`). */
export default function AiAvatarVideo() {
  return <AvatarPage />;
}

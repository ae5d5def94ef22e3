import { ScanFaceIcon } from "lucide-react";
import { defineWebTool } from "../../lib/web-tool";

/** The web part of `avatar`: sidebar icon, history labels, hub card: the spec's talking photo, AI avatar video opened on the photo speaker (see `lib/web-tool.ts`). */
export const avatarWeb = defineWebTool({
  id: "avatar",
  icons: { "ai-avatar-video": ScanFaceIcon },
  jobLabels: { "avatar.faces": "history.kinds.avatarFaces", "avatar.preview": "history.kinds.avatarPreview", "avatar.render": "history.kinds.avatarRender" },
  hubCard: { hint: "avatar.hub.hint", title: "avatar.hub.title", search: "?speaker=photo" },
});

import type { AudienceId, ToolId } from "../lib/catalog";
import { Icon, type IconProps } from "./icons";

/*
 * A tool's and an audience's icon, each one stroke path (rectangles and circles written as path
 * commands). Apart from `icons.tsx`, which is in every marketing page's first script (decision
 * 011's budget): their tables load with the pages that draw them.
 */

const toolPaths: Record<ToolId, string> = {
  textToSpeech: "M4 6h10M9 6v12M17 9.5a3.5 3.5 0 0 1 0 5M19.5 7a7 7 0 0 1 0 10",
  speechToSpeech: "M3 11v2M6 8v8M9 10v4M12 12h8M17 9l3 3-3 3",
  voiceCloning: "M9 2.5h0a3 3 0 0 1 3 3v5a3 3 0 0 1 -3 3h0a3 3 0 0 1 -3 -3v-5a3 3 0 0 1 3 -3zM3.5 10.5a5.5 5.5 0 0 0 11 0M9 16v4.5M19 6v6M16 9h6",
  voiceLibrary: "M4 4v16M8 4v16M12 4v16M15.2 5.2l3.4-.9 3.6 13.6-3.4.9z",
  talkingPhoto: "M5.5 3.5h13a2.5 2.5 0 0 1 2.5 2.5v12a2.5 2.5 0 0 1 -2.5 2.5h-13a2.5 2.5 0 0 1 -2.5 -2.5v-12a2.5 2.5 0 0 1 2.5 -2.5zM9 10h.01M15 10h.01M8.5 14.5c1 1 2.2 1.5 3.5 1.5s2.5-.5 3.5-1.5",
  videoTranslation: "M3 5h8M7 3v2M4.5 5c.5 3.5 3 6 6.5 7.5M9.5 5c-.8 3.5-3 6-6 7.5M13 21l4-9 4 9M14.4 18h5.2",
  dubbing: "M4 15v-3a8 8 0 0 1 16 0v3M4.5 14h1a1.5 1.5 0 0 1 1.5 1.5v3.5a1.5 1.5 0 0 1 -1.5 1.5h-1a1.5 1.5 0 0 1 -1.5 -1.5v-3.5a1.5 1.5 0 0 1 1.5 -1.5zM18.5 14h1a1.5 1.5 0 0 1 1.5 1.5v3.5a1.5 1.5 0 0 1 -1.5 1.5h-1a1.5 1.5 0 0 1 -1.5 -1.5v-3.5a1.5 1.5 0 0 1 1.5 -1.5z",
  aiAvatarVideo: "M5.5 3.5h13a2.5 2.5 0 0 1 2.5 2.5v8.5a2.5 2.5 0 0 1 -2.5 2.5h-13a2.5 2.5 0 0 1 -2.5 -2.5v-8.5a2.5 2.5 0 0 1 2.5 -2.5zM9.5 9a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0zM7.5 17c.8-2.2 2.5-3.4 4.5-3.4s3.7 1.2 4.5 3.4M9 21h6",
  videoErasure: "M8 20h12M3.6 13.6l9.9-9.9a1.5 1.5 0 0 1 2.1 0l4.7 4.7a1.5 1.5 0 0 1 0 2.1L12 18.8a4 4 0 0 1-2.9 1.2H8L3.6 15.7a1.5 1.5 0 0 1 0-2.1zM8.5 8.8l6.7 6.7",
};

export function ToolIcon({ tool, ...props }: IconProps & { tool: ToolId }) {
  return (
    <Icon {...props}>
      <path d={toolPaths[tool]} />
    </Icon>
  );
}

const audiencePaths: Record<AudienceId, string> = {
  creators: "M5 6h9a2 2 0 0 1 2 2v8a2 2 0 0 1 -2 2h-9a2 2 0 0 1 -2 -2v-8a2 2 0 0 1 2 -2zM16 10.5l5-3v9l-5-3",
  educators: "M2.5 9l9.5-5 9.5 5-9.5 5zM6.5 11v5c1.5 1.5 3.5 2.2 5.5 2.2s4-.7 5.5-2.2v-5M21.5 9v6",
  ecommerce: "M5 7h14l-1.2 12.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3zM9 10V6a3 3 0 0 1 6 0v4",
  shortDrama: "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2zM7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4",
};

export function AudienceIcon({ audience, ...props }: IconProps & { audience: AudienceId }) {
  return (
    <Icon {...props}>
      <path d={audiencePaths[audience]} />
    </Icon>
  );
}


import { AiToolsHub } from "../../components/video-erasure/ai-tools-hub";

/** `/workbench/ai-tools` (and `/zh/…`): the AI tools hub. */
export default function AiTools() {
  return <AiToolsHub />;
}

import { AiToolsHub } from "../../components/ai-tools/ai-tools-hub";

/** `/workbench/ai-tools` (and `/zh/…`): the AI tools hub (components in `components/ai-tools/`). */
export default function AiTools() {
  return <AiToolsHub />;
}

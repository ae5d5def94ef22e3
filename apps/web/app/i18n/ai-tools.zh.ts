import type { aiToolsEn } from "./ai-tools.en";

/** AI 工具中心（`components/ai-tools/`）；每张卡片的说明是其工具的 `hubHint`。键与 `ai-tools.en.ts` 完全一致。 */
export const aiToolsZh: typeof aiToolsEn = {
  title: "AI 工具",
  lead: "处理视频素材的小工具，每个都有自己的历史记录、积分和下载。",
  open: "打开",
  soon: "即将推出",
};

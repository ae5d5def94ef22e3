import type { subtitleBurnInEn } from "./subtitle-burn-in.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const subtitleBurnInPagesZh = {
  routes: {
    workbenchSubtitleBurnIn: { title: "字幕压制 — Voxwork", description: "按你选的样式把 SRT 字幕压进视频画面。" },
  },
  wbPage: {
    workbenchSubtitleBurnIn: "字幕压制",
  },
  jobKinds: {
    subtitleBurnInBurn: "压制字幕的视频",
  },
};

/** 字幕压制（工具 `subtitle-burn-in`）。键与 `subtitle-burn-in.en.ts` 完全一致。 */
export const subtitleBurnInZh: typeof subtitleBurnInEn = {
  title: "字幕压制",
  hubHint: "按所选样式把 SRT 字幕压制到视频中，中日韩文字自动断行。",
  lead: "按你选择的样式，把 SRT、VTT 或 ASS 字幕压进视频画面。过长的字幕会自动断行以适应画面：英文在单词之间断开，中文在字与字之间断开，不会把逗号等标点放到行首。声音原样保留。",
  sourceTitle: "1. 你的视频",
  replace: "换一个视频",
  limit: "你的套餐每个视频最长 {minutes} 分钟。",
  fileTitle: "2. 你的字幕",
  chooseFile: "选择字幕文件",
  fileHint: "支持 SRT、WebVTT 和 ASS。ASS 文件自带的样式会被下方选择的样式替换。",
  fileSummary: { one: "{count} 行 · {from} – {to}", other: "{count} 行 · {from} – {to}" },
  linesAfterEnd: { one: "有 {count} 行字幕在视频结束后才开始，将不会压制。", other: "有 {count} 行字幕在视频结束后才开始，将不会压制。" },
  noLinesInVideo: "这些字幕都不在视频的时间范围内。请确认字幕文件与该视频对应。",
  fileTooLarge: "该文件过大，不像字幕文件（最多 {max} 个字符）。",
  styleTitle: "3. 样式",
  size: { label: "字号", small: "小", medium: "中", large: "大" },
  position: { label: "位置", bottom: "底部", top: "顶部" },
  look: { label: "效果", outline: "描边", box: "底框" },
  textColor: "文字颜色",
  outlineColor: { outline: "描边颜色", box: "底框颜色" },
  custom: "自定义颜色",
  colors: { white: "白色", yellow: "黄色", cyan: "青色", black: "黑色", navy: "藏青" },
  bold: "加粗",
  maxLines: { label: "每条字幕最多行数", hint: "较长的字幕会断成这么多行；字幕文件里原有的换行会保留。" },
  previewLabel: "实时预览",
  previewHint: "播放或拖动视频，即可看到每行字幕压制后的样子。最终画面由服务器渲染。",
  needVideo: "请先上传视频。",
  needFile: "请先选择字幕文件。",
  estimate: "{duration}，需 {cost} 积分",
  estimateUnknown: "上传视频后显示所需积分。",
  start: "开始压制",
  running: "正在压制…",
  started: "已开始：预留 {cost} 积分。",
  result: { title: "结果", download: "下载 MP4" },
};

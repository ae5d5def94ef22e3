import type { videoErasureEn } from "./video-erasure.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const videoErasurePagesZh = {
  routes: {
    workbenchAiTools: { title: "AI 工具 — Voxwork", description: "更多处理视频素材的 AI 工具。" },
    workbenchVideoErasure: { title: "视频擦除 — Voxwork", description: "去除硬字幕、文字或台标。" },
  },
  wbPage: {
    workbenchAiTools: "AI 工具",
    workbenchVideoErasure: "视频擦除",
  },
  jobKinds: {
    videoErasureDetect: "文字查找",
    videoErasurePreview: "擦除预览",
    videoErasureErase: "擦除后的视频",
  },
};

/** 视频擦除（工具 `video-erasure`）。键与 `video-erasure.en.ts` 完全一致。 */
export const videoErasureZh: typeof videoErasureEn = {
  title: "视频擦除",
  hubHint: "去除硬字幕、文字、水印和台标。",
  lead: "去除硬字幕、文字、水印和台标。只改动你标记的像素，声音原样保留。",
  sourceTitle: "1. 你的视频",
  replace: "换一个视频",
  limit: "你的套餐每个视频最长 {minutes} 分钟。",
  modeTitle: "2. 擦除什么",
  modes: {
    automatic: "自动查找文字",
    automaticHint: "自动找出硬字幕（或画面上的所有文字）并列出；不想擦除的可以取消勾选。",
    regions: "手动框选区域",
    regionsHint: "在画面上框选矩形，每个区域可设置起止时间（台标可选整段视频）。",
  },
  detection: {
    label: "查找",
    subtitles: "字幕",
    allText: "画面上的所有文字",
    find: "查找文字",
    finding: "正在查找文字…",
    pickTrack: "只查找这条字幕轨（免费）",
    found: "找到 {count} 处。不想擦除的请取消勾选。",
    none: "没有找到文字。",
  },
  regions: {
    title: "区域",
    empty: "还没有区域。",
    drawHint: "在画面上拖动即可框选矩形。移动滑块选择画面。",
    frameAt: "{time} 处的画面",
    region: "区域 {index}",
    from: "开始（秒）",
    to: "结束（秒）",
    wholeVideo: "整段视频",
    remove: "删除区域 {index}",
    keep: "擦除区域 {index}",
    size: "{width} × {height} 像素",
  },
  fill: {
    label: "质量",
    best: "最佳",
    inpaint: "仅图像修补",
    fast: "快速",
    hint: "“最佳”会从相邻画面中找回露出的背景，其余部分用图像修补；“快速”对区域做模糊处理（delogo）。",
  },
  preview: {
    button: "预览 10 秒",
    running: "正在生成预览…",
    title: "预览：左侧为标记区域，右侧为擦除结果",
    free: "预览免费。",
  },
  estimate: "擦除整段视频需 {cost} 积分（{duration}）。",
  estimateUnknown: "获知视频时长后显示费用。",
  erase: "擦除整段视频",
  erasing: "擦除中…",
  started: "已开始擦除，消耗 {cost} 积分。",
  needVideo: "请先添加视频。",
  needRegions: "请至少选择一个要擦除的区域。",
  result: {
    title: "结果",
    before: "擦除前",
    after: "擦除后",
    slider: "擦除前 / 擦除后",
    download: "下载 MP4",
  },
};

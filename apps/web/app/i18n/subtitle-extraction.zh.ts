import type { subtitleExtractionEn } from "./subtitle-extraction.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const subtitleExtractionPagesZh = {
  routes: {
    workbenchSubtitleExtraction: { title: "字幕提取 — Voxwork", description: "把视频里的硬字幕识别成 SRT 和 VTT 文件。" },
  },
  wbPage: {
    workbenchSubtitleExtraction: "字幕提取",
  },
  jobKinds: {
    subtitleExtractionExtract: "提取的字幕",
  },
};

/** 字幕提取（工具 `subtitle-extraction`）。键与 `subtitle-extraction.en.ts` 完全一致。 */
export const subtitleExtractionZh: typeof subtitleExtractionEn = {
  title: "字幕提取",
  hubHint: "把硬字幕识别为中英文 SRT 或 VTT 文件。",
  lead: "把视频画面中的硬字幕识别成带时间的字幕行、SRT、VTT 和纯文本稿，支持中文、英文或中英双语。",
  sourceTitle: "1. 你的视频",
  replace: "换一个视频",
  limit: "你的套餐每个视频最长 {minutes} 分钟。",
  languagesTitle: "2. 要识别的字幕",
  languages: {
    both: "中文和英文",
    bothHint: "双语字幕还会按语言各生成一份文件。",
    zh: "中文",
    zhHint: "不保留英文行。",
    en: "英文",
    enHint: "不保留中文行。",
  },
  reader: "识别引擎：{name}，{where}。",
  local: "在我们的服务器上运行",
  remote: "远程服务",
  estimate: "识别整个视频需要 {cost} 积分（{duration}）。",
  estimateUnknown: "知道视频时长后即显示所需积分。",
  extract: "提取字幕",
  extracting: "正在识别字幕…",
  pickTrack: "只读取这条字幕轨 · {cost} 积分",
  started: "已开始识别：{cost} 积分。",
  needVideo: "请先添加视频。",
  stages: {
    ingest: "正在打开视频",
    read: "正在识别字幕",
    deliver: "正在生成文件",
  },
  result: {
    title: "结果",
    summary: "共 {count} 行",
    bilingual: "双语：中文和英文",
    trackLabel: "提取的字幕",
    checkHint: "播放视频即可看到叠加在画面上的提取字幕，方便核对时间。",
    time: "时间",
    text: "文本",
    tableCaption: "提取的字幕行及其时间",
    downloads: "下载",
    all: "全部字幕",
    zh: "中文",
    en: "英文",
    copy: "复制文本",
    copied: "已复制。",
    copyFailed: "无法复制：浏览器阻止了此操作。",
  },
};

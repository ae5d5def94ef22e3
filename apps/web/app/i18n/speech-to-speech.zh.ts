import type { speechToSpeechEn } from "./speech-to-speech.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const speechToSpeechPagesZh = {
  routes: {
    workbenchSpeechToSpeech: { title: "语音转语音 — Voxwork", description: "用另一种声音重新演绎录音。" },
  },
  wbPage: {
    workbenchSpeechToSpeech: "语音转语音",
  },
  jobKinds: {
    speechToSpeechConvert: "变声",
  },
};

/** 语音转语音（工具 `speech-to-speech`）。键与 `speech-to-speech.en.ts` 完全一致。 */
export const speechToSpeechZh: typeof speechToSpeechEn = {
  title: "语音转语音",
  lead: "用你的方式说，用另一个声音听：保留录音的节奏和语调。",
  sourceTitle: "1. 你的语音",
  targetTitle: "2. 目标声音",
  optionsTitle: "3. 选项",
  denoise: "去除背景噪声",
  keepBackground: "保留背景声",
  keepBackgroundHint: "将人声与音乐、环境声分离，转换后再混合回去。",
  format: "输出格式",
  estimate: "预计消耗：{cost} 积分（{duration}）",
  estimateUnknown: "获知录音时长后显示费用。",
  convert: "转换",
  converting: "转换中…",
  needSource: "请先添加录音。",
  before: "转换前",
  after: "转换后",
  downloadResult: "下载结果",
  started: "正在转换，消耗 {cost} 积分。",
};

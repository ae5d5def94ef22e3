import type { textToSpeechEn } from "./text-to-speech.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const textToSpeechPagesZh = {
  routes: {
    workbenchTextToSpeech: { title: "文本转语音 — Voxwork", description: "把脚本变成旁白。" },
  },
  wbPage: {
    workbenchTextToSpeech: "文本转语音",
  },
  jobKinds: {
    textToSpeechSynthesize: "语音合成",
  },
};

/**
 * 文本转语音（工具 `text-to-speech`）：编辑器及其发音词典（`components/text-to-speech/`）。
 * 键与 `text-to-speech.en.ts` 完全一致。
 */
export const textToSpeechZh: typeof textToSpeechEn = {
  title: "文本转语音",
  lead: "输入或粘贴文稿，选择声音，生成带字幕的语音。",
  scriptLabel: "文稿",
  scriptPlaceholder: "在此输入或粘贴文字。用 [pause 1s] 插入停顿；对话模式下每行以名字加冒号开头（Anna: 你好！）。",
  characters: "{count} / {limit} 字符",
  overLimit: "你的套餐每个任务最多 {limit} 个字符。请缩短文字或升级套餐。",
  estimate: "预计消耗：{cost} 积分",
  insertPause: "插入停顿",
  pauseLength: "停顿时长",
  dialogueMode: "对话模式",
  dialogueHint: "以名字加冒号开头的行（Anna: …）会用你为该名字指定的声音朗读。",
  speakersTitle: "说话人",
  speakerVoice: "{speaker} 的声音",
  noSpeakers: "还没有说话人：在行首写上名字和冒号。",
  voiceLabel: "声音",
  voiceNotFound: "链接中的声音不存在，请另选一个。",
  languageLabel: "语言",
  languageAuto: "声音的语言",
  detect: "检测语言",
  detecting: "检测中…",
  detected: "检测结果：{language}（置信度 {confidence}%）。",
  detectedUnknown: "无法检测出语言。",
  useSuggested: "使用推荐声音（{name}）",
  speed: "语速",
  pitch: "音高",
  pitchValue: "{value} 个半音",
  volume: "音量",
  format: "输出格式",
  pronunciations: "发音词典",
  generate: "生成",
  generateShortcut: "Ctrl+Enter",
  generating: "生成中…",
  emptyText: "请先输入要朗读的文字。",
  emptyHint: "输入或粘贴要朗读的文本后即可生成。",
  pasteCut: "粘贴的文本超出了脚本的容量（{max} 个字符）：已粘贴前 {kept} 个字符，末尾 {cut} 个字符未粘贴。",
  previewing: "正在播放第一句，其余部分生成中…",
  previewLabel: "第一句试听",
  resultTitle: "结果",
  resultReady: "音频已生成。",
  started: "正在生成 {characters} 个字符，消耗 {cost} 积分。",
  pronunciation: {
    title: "发音词典",
    description: "告诉声音如何读名字和术语。词条对该语言的所有文稿生效。",
    language: "语言",
    term: "词语",
    replacement: "读作",
    kind: "类型",
    kindSpelling: "拼写",
    kindPhonemes: "音素",
    add: "添加词条",
    empty: "该语言还没有词条。",
    used: "{count} / {limit} 个词条",
    deleteEntry: "删除 {term}",
    saved: "已保存“{term}”。",
  },
};

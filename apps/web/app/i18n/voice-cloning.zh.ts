import type { voiceCloningEn } from "./voice-cloning.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const voiceCloningPagesZh = {
  routes: {
    workbenchVoiceCloning: { title: "声音克隆 — Voxwork", description: "用一段样本创建专属音色。" },
  },
  wbPage: {
    workbenchVoiceCloning: "声音克隆",
  },
  jobKinds: {
    voiceCloningClone: "声音克隆",
  },
};

/** 声音克隆（工具 `voice-cloning`）。键与 `voice-cloning.en.ts` 完全一致。 */
export const voiceCloningZh: typeof voiceCloningEn = {
  title: "声音克隆",
  lead: "用你自己（或已同意者）的录音制作声音，然后在文本转语音和语音转语音中使用。",
  honestNote: "工作原理：本地克隆会在我们的本地合成器上匹配你声音的音高、频谱包络和语速。这是信号处理，而不是神经网络克隆，听起来更像你声音的“亲戚”而非复制品。配置了远程神经网络引擎时，会用它来克隆，获得神经网络级的音质。",
  stepRecording: "1. 你的录音",
  stepCheck: "2. 质量检测",
  stepDetails: "3. 名称与授权",
  recordingHint: "10 秒至 3 分钟、单人清晰说话的录音。",
  checking: "正在检测录音…",
  checkAccepted: "录音可以使用。",
  checkRejected: "这段录音暂时不能使用：",
  checkWarnings: "改进以下几点，克隆效果会更好：",
  facts: {
    duration: "时长",
    speech: "语音占比",
    loudness: "响度",
    clipping: "削波",
    pitch: "中位音高",
  },
  name: "声音名称",
  namePlaceholder: "例如：我的旁白声音",
  language: "录音的语言",
  consent: "我就是录音中的人，或已获得其本人克隆声音的许可。",
  consentRequired: "请先确认授权。",
  create: "创建声音 · {cost} 积分",
  creating: "正在创建声音…",
  analysing: "正在分析声音…",
  ready: "“{name}”已就绪。",
  useInTextToSpeech: "用于文本转语音",
  useInSpeechToSpeech: "用于语音转语音",
  myVoices: "我克隆的声音",
  slots: "已用 {used} / {total} 个声音名额",
  slotsFull: "声音名额已用完。请删除一个声音或升级套餐。",
  noVoices: "还没有克隆的声音。",
  renameTitle: "重命名声音",
  deleteTitle: "删除“{name}”？",
  deleteText: "声音、其录音和试听将被删除，名额会被释放。已生成的结果保留其音频。",
  deleted: "声音已删除。",
  renamed: "声音已重命名。",
  medianPitch: "中位音高 {hz} Hz",
};

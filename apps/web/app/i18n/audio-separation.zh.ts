import type { audioSeparationEn } from "./audio-separation.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const audioSeparationPagesZh = {
  routes: {
    workbenchAudioSeparation: { title: "人声分离 — Voxwork", description: "把一段录音分成人声和背景声两条音轨。" },
  },
  wbPage: {
    workbenchAudioSeparation: "人声分离",
  },
  jobKinds: {
    audioSeparationSeparate: "人声与背景声",
  },
};

/** 人声分离（工具 `audio-separation`）。键与 `audio-separation.en.ts` 相同。 */
export const audioSeparationZh: typeof audioSeparationEn = {
  title: "人声分离",
  hubHint: "把音轨分成人声和背景声两条音轨。",
  lead: "把一段录音或视频的声音分成人声和背景声两条音轨。两条音轨都提供 WAV 和 MP3，时长与原音频完全一致。",
  sourceTitle: "1. 你的音频或视频",
  replace: "换一个文件",
  limit: "你的套餐每个文件最长 {minutes} 分钟。",
  videoNote: "将分离视频的第一条音轨。",
  engineTitle: "2. 分离方式",
  location: { local: "本地", remote: "远程" },
  perMinute: "每开始一分钟 {price} 积分",
  engines: {
    rnnoise: {
      name: "语音增强（RNNoise）",
      description: "在我们的服务器上运行。RNNoise 先净化语音，再根据有人说话的时段、人声的音高，以及立体声中偏离中间的声音生成掩码，把音乐从人声中移出。立体声中向两侧展开的音乐能较好地去除；单声道或位于中间的音乐仍会有一部分留在人声中。背景声是人声以外的全部内容，因此其中仍能隐约听到部分语音。",
    },
    elevenlabs: {
      name: "ElevenLabs 人声提取",
      description: "神经网络人声提取：从音乐、音效和噪声中取出人声；背景声是去掉该人声后的原音频。你的音频会发送给 ElevenLabs。",
    },
  },
  noEngines: "此处尚未配置分离引擎。",
  estimate: "费用：{duration} 需 {cost} 积分",
  estimateUnknown: "上传带声音的文件后显示费用。",
  separate: "开始分离",
  separating: "正在分离…",
  started: "已开始分离：已预留 {cost} 积分。",
  needFile: "请先上传音频或视频文件。",
  stages: { ingest: "读取音频", separate: "分离中", encode: "生成音轨", deliver: "保存" },
  result: {
    title: "结果",
    listen: "试听",
    original: "原音频",
    voice: "人声",
    background: "背景声",
    switchHint: "切换时保持播放位置，方便在同一时刻对比各音轨。",
    download: "{track} · {format}",
    residualNote: "语音增强：背景声是人声以外的全部内容，其中仍能隐约听到部分语音。语音下方的音乐（尤其是单声道或立体声中间的音乐）仍会有一部分留在人声中。",
  },
};

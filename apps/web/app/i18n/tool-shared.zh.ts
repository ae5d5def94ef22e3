import type { toolSharedEn } from "./tool-shared.en";

/**
 * 多个工具共用的部分（`components/tool-shared/`）：通用词、任务状态、波形播放器、音频来源与录音、
 * 结果下载。键与 `tool-shared.en.ts` 完全一致。
 */
export const toolSharedZh: typeof toolSharedEn = {
  common: {
    points: { one: "{count} 积分", other: "{count} 积分" },
    pointsShort: "{count} 分",
    available: { one: "可用：{count} 积分", other: "可用：{count} 积分" },
    notEnoughPoints: "积分不足：需要 {cost}，你有 {available}。",
    download: "下载",
    cancel: "取消",
    close: "关闭",
    save: "保存",
    delete: "删除",
    rename: "重命名",
    retry: "重试",
    loading: "加载中…",
    working: "处理中…",
    uploadStillRunning: "文件还在上传：上传完成后即可继续。",
    progress: "{progress}% · {stage}",
    queued: "正在排队…",
    waitingForSlot: "等待空闲名额：你的套餐会先运行你的其他任务…",
    failed: "任务失败：{message}",
    cancelled: "任务已取消，积分已退回。",
    historyTitle: "最近的结果",
    seconds: "{count} 秒",
    reconnecting: "正在重新连接实时进度…",
  },
  waveform: {
    play: "播放",
    pause: "暂停",
    label: "{name} 的波形",
    time: "{current} / {total}",
  },
  source: {
    upload: "上传文件",
    record: "录音",
    modeLabel: "添加音频的方式",
    ready: "使用 {name}",
    duration: "时长 {duration}",
    replace: "换一段录音",
  },
  recorder: {
    start: "开始录音",
    stop: "停止",
    discard: "丢弃",
    use: "使用这段录音",
    uploading: "正在上传录音… {percent}%",
    level: "输入音量",
    timer: "{elapsed}（最长 {max}）",
    tooShort: "请至少录制 {min} 秒。",
    atLimit: "已达到 3 分钟上限。",
    permissionDenied: "浏览器未允许使用麦克风。请在地址栏中允许后重试。",
    unsupported: "此浏览器无法录音，请改为上传文件。",
    recorded: "已录制 {duration}",
    hint: "请在安静的房间里自然地说话，离麦克风约一掌距离。",
  },
  result: {
    downloadAudio: "下载 {format}",
    downloadSrt: "下载 SRT",
    downloadVtt: "下载 VTT",
  },
  subtitleFile: {
    readAs: "已按 {encoding} 编码读取",
  },
};

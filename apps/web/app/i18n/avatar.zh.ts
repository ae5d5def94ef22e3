import type { avatarEn } from "./avatar.en";

/** 本工具各页面的标题（`routes.*`）与名称（`wbPage.*`），以及其任务在历史中的名称（`history.kinds.*`）。 */
export const avatarPagesZh = {
  routes: {
    workbenchAiAvatarVideo: { title: "AI 数字人视频 — Voxwork", description: "由 AI 数字人朗读的口播视频。" },
  },
  wbPage: {
    workbenchAiAvatarVideo: "AI 数字人视频",
  },
  jobKinds: {
    avatarFaces: "人脸查找",
    avatarPreview: "数字人预览",
    avatarRender: "数字人视频",
  },
};

/** AI 数字人视频（工具 `avatar`）。键与 `avatar.en.ts` 完全一致。 */
export const avatarZh: typeof avatarEn = {
  title: "AI 数字人视频",
  lead: "让插画主播或真人照片按场景念出你的脚本，配上你选择的背景和字幕。所有动画都在我们的服务器上生成；照片使用经典人脸动画驱动；此 Voxwork 配置了神经口型引擎时也可使用该引擎（帮助中心：“配置引擎”）。",
  scenes: "场景",
  scene: "场景 {number}",
  addScene: "添加场景",
  removeScene: "删除场景 {number}",
  moveUp: "将场景 {number} 上移",
  moveDown: "将场景 {number} 下移",
  speaker: { label: "主播", avatar: "数字人", photo: "照片" },
  expression: { label: "表情", neutral: "平静", happy: "开心", serious: "严肃" },
  photo: {
    upload: "上传一张人像照片：一张脸、正对镜头、正面光线。",
    finding: "正在查找人脸…",
    pick: "选择说话的人脸",
    face: "人脸 {number}",
    found: { one: "找到 {count} 张人脸。", other: "找到 {count} 张人脸：请点击说话的那一张。" },
    replace: "换一张照片",
    check: {
      ok: "这张照片适合制作照片说话。",
      warn: "这张照片可以使用，但换一张效果会更好：",
      block: "这张照片无法生成动画：",
      warnNext: "你可以继续使用这张照片，也可以换一张。",
      blockNext: "请换一张照片再制作视频。",
      verdict: { ok: "合适", warn: "可以更好", block: "无法使用" },
    },
  },
  speech: { label: "说什么", script: "脚本", recording: "录音", placeholder: "输入主播要说的话…", characters: "{count} / {max} 字符", uploadRecording: "上传一段录音（或带声音的视频），主播的口型会跟着它动。" },
  background: { label: "背景", colour: "颜色", image: "图片", video: "视频", upload: "上传一张图片或一段视频作为背景。", mist: "雾白", cream: "米色", navy: "藏青", teal: "青绿", black: "黑色" },
  placement: { label: "位置", center: "居中", left: "靠左", right: "靠右", fill: "铺满画面" },
  sceneTitle: { label: "画面标题（可选）" },
  settings: "视频",
  layout: { label: "画幅", "16:9": "16:9 横屏", "9:16": "9:16 竖屏", "1:1": "1:1 方形" },
  resolution: { label: "尺寸" },
  speed: { label: "语速", value: "{value}×" },
  captions: { label: "字幕", enabled: "根据说出的词显示字幕", textColor: "字幕颜色", look: "字幕效果", outline: "描边", box: "底框", position: "字幕位置", bottom: "底部", top: "顶部" },
  logo: { label: "台标（可选）", corner: "位置", "top-left": "左上角", "top-right": "右上角", "bottom-left": "左下角", "bottom-right": "右下角", remove: "移除台标" },
  animator: { label: "照片动画", local: "我们的服务器", remote: "神经引擎" },
  estimate: "约 {seconds} 秒 · {cost} 积分（按生成后的实际时长扣除）",
  estimateUnknown: "写好脚本后显示所需积分。",
  needScript: "场景 {number}：请填写主播要说的话，或上传录音。",
  needPhoto: "场景 {number}：请上传带有人脸的照片。",
  photoBlocked: "场景 {number}：这张照片中的人脸太小，无法生成动画。请换一张照片。",
  needVoice: "场景 {number}：请选择声音。",
  preview: { button: "预览 5 秒（免费）", running: "正在生成预览…", title: "预览" },
  create: "生成视频",
  creating: "正在渲染…",
  started: "已开始：预留 {cost} 积分。",
  result: { title: "结果", download: "下载 MP4", captions: "下载字幕（VTT）" },
  hub: { title: "照片说话", hint: "在 AI 数字人视频中，让一张人像照片说出你的脚本或录音。" },
};

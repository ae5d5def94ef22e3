import type { Messages } from "./en";

/** Simplified Chinese catalogue. Must have exactly the same keys as `en`. */
export const zh: Messages = {
  brand: {
    name: "Voxwork",
    homeLabel: "Voxwork 首页",
  },
  meta: {
    homeTitle: "Voxwork — AI 音视频工作台",
    homeDescription:
      "文本转语音、声音克隆、视频配音、视频翻译、照片说话和 AI 数字人视频，集中在一个支持中英文的工作台里。",
    notFoundTitle: "页面未找到 — Voxwork",
    errorTitle: "出错了 — Voxwork",
  },
  a11y: {
    skipToContent: "跳到主要内容",
    primaryNav: "主导航",
    footerNav: "页脚导航",
  },
  nav: {
    tools: "工具",
    audiences: "适用人群",
    pricing: "价格",
    workbench: "打开工作台",
  },
  language: {
    switchLabel: "切换语言",
    otherLanguageName: "English",
  },
  home: {
    eyebrow: "AI 音视频工作台",
    title: "从脚本到成片的配音与视频，一站完成",
    lead: "Voxwork 把文本转语音、声音克隆、视频配音、视频翻译和 AI 数字人整合在同一个工作台中，支持中文和英文，制作一条视频无需在多个工具之间来回切换。",
    primaryCta: "打开工作台",
    secondaryCta: "查看价格",
    languagesNote: "支持中文和英文",
    toolsTitle: "九款工具，一个工作台",
    toolsLead: "无论从文字、录音、照片还是视频开始，都能找到合适的工具。",
    audiencesTitle: "适用人群",
    audiencesLead: "Voxwork 面向经常发布配音和视频内容、并需要多种语言版本的创作者与团队。",
    closingTitle: "准备好制作下一条视频了吗？",
    closingLead: "打开工作台，从九款工具中任选一款开始。",
  },
  tools: {
    textToSpeech: {
      name: "文本转语音",
      description: "将脚本转换为自然流畅的中文或英文旁白。",
    },
    speechToSpeech: {
      name: "语音转语音",
      description: "用另一种声音重新演绎已有录音，并保留原有节奏。",
    },
    voiceCloning: {
      name: "声音克隆",
      description: "用一小段已获授权的声音样本创建专属音色。",
    },
    voiceLibrary: {
      name: "声音库",
      description: "浏览、试听并管理预置音色和你克隆的音色。",
    },
    talkingPhoto: {
      name: "照片说话",
      description: "让人像照片开口说出你的脚本或音频。",
    },
    videoTranslation: {
      name: "视频翻译",
      description: "把视频中的语音翻译成另一种语言并重新配音。",
    },
    dubbing: {
      name: "视频配音",
      description: "为视频中的每位说话人添加或替换配音音轨。",
    },
    aiAvatarVideo: {
      name: "AI 数字人视频",
      description: "由 AI 数字人朗读你的脚本，生成口播类视频。",
    },
    videoErasure: {
      name: "视频擦除",
      description: "去除画面中的硬字幕、文字或台标。",
    },
  },
  audiences: {
    creators: {
      name: "内容创作者",
      description: "无需预约录音棚，即可为你的频道制作配音、外语版本和数字人短视频。",
    },
    educators: {
      name: "教育工作者",
      description: "为课程录制旁白，把教学资料做成面向中英文学习者的讲解视频。",
    },
    ecommerce: {
      name: "电商卖家",
      description: "用买家的语言为商品详情页和社交渠道制作商品视频与配音。",
    },
    shortDrama: {
      name: "短剧制作方",
      description: "为剧集配音、翻译以面向新观众，并在本地化前擦除硬字幕。",
    },
  },
  footer: {
    summary: "Voxwork 是一个面向 AI 语音与视频工具的网页工作台。",
    consent: "请仅克隆或替换你本人拥有或已获授权使用的声音。",
    product: "产品",
    language: "语言",
  },
  notFound: {
    code: "404",
    title: "哎呀！页面未找到！",
    description: "你要访问的页面似乎不存在，或者已被移除。",
    goBack: "返回上一页",
    backHome: "返回首页",
  },
  error: {
    code: "错误",
    title: "出错了",
    description: "发生了意外错误。请重试，或返回首页。",
    statusTitle: "错误 {status}",
    reload: "重试",
    backHome: "返回首页",
  },
};

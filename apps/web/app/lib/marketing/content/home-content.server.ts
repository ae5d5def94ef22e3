import type { Locale } from "../../../i18n";

/** Home page sections beyond the hero (the hero and tool/audience names stay in the i18n catalogue). */
export const HOME_COPY = {
  en: {
    title: "Voxwork — AI audio & video workbench",
    description: "Text to speech, voice cloning, dubbing, video translation, talking photos and AI avatar videos in one workbench, in English and Chinese.",
    toolLink: "Learn more",
    toolOpen: "Open in the workbench",
    allTools: "See all tools",
    audienceLink: "See how",
    howTitle: "How it works",
    howLead: "Every tool follows the same rhythm, so once you've made one clip you know them all.",
    steps: [
      { title: "Bring your material", body: "A script, a recording, a photo or a video. Uploads stay in your account." },
      { title: "Choose a tool and a voice", body: "Preview voices, set the target language, check the point cost before you start." },
      { title: "Let the job run", body: "Jobs run on the server with visible progress; you can close the tab and come back." },
      { title: "Review and export", body: "Edit single lines, regenerate only what changed, download audio, video and subtitles." },
    ],
    honestTitle: "What to expect from the voices",
    honestBody: "Out of the box, Voxwork uses local engines that run offline: private and quick, but robotic-sounding. Natural neural voices, cloning and lip-sync need remote engines configured by whoever runs your Voxwork — an OpenAI-compatible speech API or ElevenLabs. The workbench tells you which engine each job used, and a tool that has no engine says so instead of faking a result.",
    faqTitle: "Questions people ask first",
    faqs: [
      { q: "Is there a free plan?", a: "Yes: 300 points a month, clips up to 2 minutes and 3 video translations a month, with a Voxwork audio tag on exports." },
      { q: "Which languages are supported?", a: "The site and the workbench are in English and Chinese, and the tools translate between them. Other languages depend on the configured engines." },
      { q: "Can I clone anyone's voice?", a: "No. Only your own voice or one you have explicit permission to use; every clone asks you to confirm consent." },
    ],
    faqMore: "Read all questions",
    articlesTitle: "From the blog",
    articlesMore: "All articles",
  },
  zh: {
    title: "Voxwork — AI 音视频工作台",
    description: "文本转语音、声音克隆、配音、视频翻译、照片说话和数字人视频，集中在一个中英双语工作台里。",
    toolLink: "了解详情",
    toolOpen: "在工作台打开",
    allTools: "查看全部工具",
    audienceLink: "看看怎么用",
    howTitle: "使用流程",
    howLead: "所有工具的使用节奏都一样，做完一个片段，其他工具也就都会用了。",
    steps: [
      { title: "准备素材", body: "一段脚本、一段录音、一张照片或一个视频，上传的文件只属于你的账号。" },
      { title: "选择工具和音色", body: "试听音色、设定目标语言，开始前先确认所需积分。" },
      { title: "等待任务完成", body: "任务在服务器上运行，进度可见；关掉页面也没关系，稍后回来查看。" },
      { title: "审校并导出", body: "逐句修改，只重新生成改动的部分，下载音频、视频和字幕。" },
    ],
    honestTitle: "关于音色效果，先说清楚",
    honestBody: "默认情况下，Voxwork 使用可离线运行的本地引擎：数据不出服务器、速度快，但声音比较机械。自然的神经网络音色、声音克隆和口型同步，需要部署方配置远程引擎（兼容 OpenAI 的语音接口或 ElevenLabs）。工作台会显示每个任务使用的引擎；没有可用引擎的工具会直接告诉你，而不是拿假结果糊弄你。",
    faqTitle: "大家最先问的问题",
    faqs: [
      { q: "有免费套餐吗？", a: "有：每月 300 积分，单个视频最长 2 分钟，每月 3 次视频翻译，导出内容带 Voxwork 音频标识。" },
      { q: "支持哪些语言？", a: "网站和工作台提供中英文界面，工具支持中英互译。其他语言取决于所配置的引擎。" },
      { q: "可以克隆任何人的声音吗？", a: "不可以。只能克隆你自己的声音，或已明确授权给你的声音；每次克隆都需要确认授权。" },
    ],
    faqMore: "查看全部问题",
    articlesTitle: "博客精选",
    articlesMore: "全部文章",
  },
} satisfies Record<Locale, unknown>;

export type HomeCopy = (typeof HOME_COPY)["en"];
// The Chinese copy must have every key of the English one.
export const homeCopyZh: HomeCopy = HOME_COPY.zh;

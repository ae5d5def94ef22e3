import type { Locale } from "../../../i18n";

const EN = {
  title: "About Voxwork",
  description: "Why we build Voxwork, what we believe about AI voices, and how we handle your data and other people's voices.",
  h1: "We build tools for people who publish in more than one language",
  lead: "Voxwork is a bilingual workbench for AI voice and video. We started it because localizing a single video meant juggling five tools, three file formats and a lot of copy-pasting.",
  storyTitle: "Why Voxwork exists",
  story: [
    "Creators, teachers, sellers and drama studios increasingly publish for audiences on both sides of the English–Chinese language line. The tools to do it exist — speech synthesis, transcription, machine translation, voice conversion — but they live in separate products, each with its own uploads, formats and pricing.",
    "Voxwork puts them in one workbench with one account, one points balance and one place where your files and results live. Every tool follows the same pattern: bring material, pick a voice and a language, run a job, review line by line, export.",
    "We built it to run anywhere: on a laptop with local engines and no internet connection, or on a cluster with remote neural engines. The same code, the same workbench.",
  ],
  valuesTitle: "What we believe",
  values: [
    { title: "Honesty about quality", body: "Offline engines sound robotic; we say so. Neural quality needs a remote engine, and the workbench shows which engine made each result." },
    { title: "Consent for voices", body: "You may only clone or re-voice voices you own or have permission to use. Every clone records your confirmation, and we remove voices reported as used without consent." },
    { title: "Review before publishing", body: "Machine translation and synthetic speech are drafts. Our editors are built for a human review pass, line by line." },
    { title: "Both languages, equally", body: "Every screen, message and article exists in English and Chinese, written for each audience rather than translated word for word." },
  ],
  dataTitle: "Your data",
  data: [
    "Uploads and results belong to your account. Files are kept for the retention period of your plan (7, 30 or 90 days) after a job, then deleted.",
    "When a remote engine is configured, the text or audio a job needs is sent to that provider to process the job, under that provider's terms. Local engines keep everything on the server.",
    "We do not use your recordings or cloned voices to train models.",
  ],
  contactTitle: "Talk to us",
  contact: "Found a bug, a mistranslation on this site, or a voice used without consent? Use the feedback button in the workbench — it reaches the team directly, with the page you were on.",
  cta: "Open the workbench",
};

const ZH: typeof EN = {
  title: "关于 Voxwork",
  description: "我们为什么做 Voxwork，我们对 AI 声音的看法，以及我们如何对待你的数据和他人的声音。",
  h1: "我们为多语言发布的人打造工具",
  lead: "Voxwork 是一个中英双语的 AI 语音与视频工作台。之所以做它，是因为本地化一条视频往往要在五个工具、三种文件格式之间来回切换、反复复制粘贴。",
  storyTitle: "Voxwork 为什么存在",
  story: [
    "越来越多的创作者、老师、卖家和短剧团队，需要同时面向中文和英文观众发布内容。语音合成、语音识别、机器翻译、声音转换等技术都已成熟，但它们分散在不同的产品里，各有各的上传方式、文件格式和计费规则。",
    "Voxwork 把它们放进同一个工作台：一个账号、一份积分余额、一个存放文件和结果的地方。每个工具的用法都一样：准备素材，选择音色和语言，运行任务，逐句审校，导出。",
    "我们希望它在哪里都能跑：可以在一台没有网络的笔记本上用本地引擎运行，也可以在集群上接入远程神经网络引擎。同一套代码，同一个工作台。",
  ],
  valuesTitle: "我们的原则",
  values: [
    { title: "对效果诚实", body: "离线引擎的声音比较机械，我们直说。神经网络音质需要远程引擎，工作台会标明每个结果由哪个引擎生成。" },
    { title: "使用声音须经授权", body: "只能克隆或替换你拥有或获得授权的声音。每次克隆都会记录你的确认；被举报未经同意使用的音色会被删除。" },
    { title: "发布前先审校", body: "机器翻译和合成语音都只是初稿。我们的编辑器就是为逐句人工审校而设计的。" },
    { title: "两种语言同等对待", body: "每个界面、每条提示、每篇文章都有中英文版本，并按各自读者的习惯撰写，而不是逐字翻译。" },
  ],
  dataTitle: "你的数据",
  data: [
    "上传的文件和生成的结果属于你的账号。任务完成后，文件按套餐保留 7 天、30 天或 90 天，之后删除。",
    "如果配置了远程引擎，任务所需的文本或音频会发送给该服务商处理，并受其条款约束。使用本地引擎时，所有数据都留在服务器上。",
    "我们不会用你的录音或克隆声音训练模型。",
  ],
  contactTitle: "联系我们",
  contact: "发现了 bug、网站上的翻译错误，或有声音未经同意被使用？请使用工作台里的反馈按钮——它会连同你所在的页面一起直接发送给团队。",
  cta: "进入工作台",
};

export const ABOUT_COPY: Record<Locale, typeof EN> = { en: EN, zh: ZH };

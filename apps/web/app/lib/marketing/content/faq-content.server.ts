import type { Locale } from "../../../i18n";

type FaqGroup = { title: string; items: { q: string; a: string }[] };
type FaqCopy = { title: string; description: string; h1: string; lead: string; groups: FaqGroup[]; moreTitle: string; moreBody: string; helpLink: string };

const EN: FaqCopy = {
  title: "Frequently asked questions",
  description: "Answers about Voxwork's tools, voice quality, plans and points, voice cloning consent, languages, files and privacy.",
  h1: "Frequently asked questions",
  lead: "Short, straight answers. If yours isn't here, the help center has step-by-step articles.",
  groups: [
    {
      title: "The product",
      items: [
        { q: "What is Voxwork?", a: "A web workbench for AI audio and video: text to speech, speech to speech, voice cloning, a voice library, talking photos, video translation, dubbing, AI avatar videos and video erasure, in English and Chinese." },
        { q: "Do I need to install anything?", a: "No. Voxwork runs in a modern browser on desktop or phone. Heavy processing happens on the server." },
        { q: "Which languages are supported?", a: "The interface is in English and Chinese, and the tools translate between them. Other languages depend on the engines configured for your workspace." },
      ],
    },
    {
      title: "Quality and engines",
      items: [
        { q: "Why does the voice sound robotic?", a: "Your workspace is probably using the built-in local engine, which runs offline and sounds synthetic. Natural voices need a remote neural engine (OpenAI-compatible or ElevenLabs) configured by whoever runs your Voxwork." },
        { q: "Which engine made my result?", a: "Each job in the workbench shows the engine and model it used." },
        { q: "Does video translation lip-sync?", a: "Standard translation replaces the audio only. Lip-sync is a separate step and needs an engine that supports it." },
      ],
    },
    {
      title: "Plans, points and limits",
      items: [
        { q: "How do points work?", a: "Every job costs points, shown before you start. Points are reserved when a job starts and only spent if it succeeds; a failed job gives them back." },
        { q: "How many videos can I translate each month?", a: "Your plan allows a number of video translations per calendar month: 3 on Free, 50 on Pro, unlimited on Business. A run counts once however many languages it dubs; failed or cancelled runs do not count, and regenerating lines during a Pro review costs points per line, not another run." },
        { q: "Do purchased points expire?", a: "Points from point packs do not expire while your account exists. Plan points are granted monthly." },
      ],
    },
    {
      title: "Voices, consent and rights",
      items: [
        { q: "Whose voice can I clone?", a: "Your own, or a voice whose owner has explicitly agreed. You confirm consent for every clone; voices reported as used without consent are removed." },
        { q: "Who owns what I make?", a: "You own your uploads and results. Library voices may be used in your content; remote engines have their own terms, which apply too." },
        { q: "Should I label AI-generated audio?", a: "Yes. Many platforms require it, and your audience deserves to know." },
      ],
    },
    {
      title: "Files and privacy",
      items: [
        { q: "How long are my files kept?", a: "For your plan's retention period after a job: 7 days on Free, 30 on Pro, 90 on Business. Download what you want to keep." },
        { q: "Is my data used for training?", a: "No. Your recordings and cloned voices are not used to train models." },
        { q: "Which file types can I upload?", a: "Audio: WAV, MP3, M4A/AAC, OGG/Opus and FLAC. Video: MP4, MOV, WebM and MKV. Images: JPG, PNG and WebP. Files are checked by their content, not their name. The largest upload depends on your plan (100 MB to 4 GB), and a video may not be longer than your plan's per-job length." },
      ],
    },
  ],
  moreTitle: "Still stuck?",
  moreBody: "Search the help center, or send us feedback from the workbench.",
  helpLink: "Go to the help center",
};

const ZH: FaqCopy = {
  title: "常见问题",
  description: "关于 Voxwork 的工具、音质、套餐与积分、声音克隆授权、语言、文件和隐私的解答。",
  h1: "常见问题",
  lead: "简短、直接的回答。如果没有找到你的问题，帮助中心里有分步说明的文章。",
  groups: [
    {
      title: "产品",
      items: [
        { q: "Voxwork 是什么？", a: "一个 AI 音视频网页工作台：文本转语音、语音转语音、声音克隆、声音库、照片说话、视频翻译、配音、数字人视频和视频擦除，提供中英文界面。" },
        { q: "需要安装软件吗？", a: "不需要。Voxwork 在电脑或手机上的现代浏览器里就能使用，繁重的处理都在服务器上完成。" },
        { q: "支持哪些语言？", a: "界面提供中文和英文，工具支持中英互译。其他语言取决于你的工作区配置的引擎。" },
      ],
    },
    {
      title: "音质与引擎",
      items: [
        { q: "为什么声音听起来很机械？", a: "你的工作区很可能在使用内置的本地引擎，它离线运行，声音偏合成感。要获得自然的声音，需要部署方配置远程神经网络引擎（兼容 OpenAI 的接口或 ElevenLabs）。" },
        { q: "怎么知道结果是哪个引擎生成的？", a: "工作台中的每个任务都会显示所用的引擎和模型。" },
        { q: "视频翻译会对口型吗？", a: "标准翻译只替换音频。口型同步是单独的步骤，需要支持该功能的引擎。" },
      ],
    },
    {
      title: "套餐、积分与限制",
      items: [
        { q: "积分怎么计算？", a: "每个任务都会消耗积分，开始前会显示具体数量。任务开始时冻结积分，成功后才扣除；任务失败会退回。" },
        { q: "每个月可以翻译多少个视频？", a: "套餐限定每个自然月的视频翻译次数：免费版 3 次，专业版 50 次，商业版不限。每次运行无论配音几种语言都只计一次；失败或取消的任务不计入；专业版审校时重新生成台词按句扣积分，不算新的一次。" },
        { q: "购买的积分会过期吗？", a: "积分包中的积分在账号存续期间不会过期。套餐积分按月发放。" },
      ],
    },
    {
      title: "声音、授权与权利",
      items: [
        { q: "可以克隆谁的声音？", a: "你自己的声音，或声音主人明确同意的声音。每次克隆都需要确认授权；被举报未经同意使用的音色会被删除。" },
        { q: "生成的内容归谁？", a: "你上传的文件和生成的结果归你所有。声音库中的声音可以用于你的内容；远程引擎的服务条款同样适用。" },
        { q: "需要标注 AI 生成的音频吗？", a: "需要。很多平台有此要求，你的观众也有权知道。" },
      ],
    },
    {
      title: "文件与隐私",
      items: [
        { q: "文件会保存多久？", a: "任务完成后按套餐保留：免费版 7 天，专业版 30 天，商业版 90 天。需要长期保存的请及时下载。" },
        { q: "我的数据会被用于训练吗？", a: "不会。你的录音和克隆声音不会被用于训练模型。" },
        { q: "可以上传哪些格式？", a: "音频：WAV、MP3、M4A/AAC、OGG/Opus 和 FLAC；视频：MP4、MOV、WebM 和 MKV；图片：JPG、PNG 和 WebP。系统按文件内容而不是文件名识别格式。单个文件上限取决于套餐（100 MB 到 4 GB），视频时长也不能超过套餐的单任务上限。" },
      ],
    },
  ],
  moreTitle: "还有疑问？",
  moreBody: "可以在帮助中心搜索，或在工作台里给我们发送反馈。",
  helpLink: "前往帮助中心",
};

export const FAQ_COPY: Record<Locale, FaqCopy> = { en: EN, zh: ZH };

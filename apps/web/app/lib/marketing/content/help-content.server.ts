import type { Locale } from "../../../i18n";

export interface HelpArticle {
  id: string;
  topic: string;
  title: string;
  body: string[];
}

type HelpCopy = {
  title: string;
  description: string;
  h1: string;
  lead: string;
  searchLabel: string;
  searchPlaceholder: string;
  results: string;
  noResults: string;
  guidesTitle: string;
  guidesLink: string;
  articles: HelpArticle[];
};

const EN: HelpCopy = {
  title: "Help center",
  description: "Search help articles on getting started, text to speech, voice cloning, video translation, plans, points and files.",
  h1: "How can we help?",
  lead: "Search the help articles below, or browse them by topic.",
  searchLabel: "Search help articles",
  searchPlaceholder: "Try “subtitles”, “points” or “clone”",
  results: "{count} of {total} articles",
  noResults: "No article matches “{query}”. Try a shorter word, or ask us through the feedback button in the workbench.",
  guidesTitle: "Want more depth?",
  guidesLink: "Read the step-by-step guides",
  articles: [
    { id: "create-account", topic: "Getting started", title: "Create an account and open the workbench", body: ["Select “Open the workbench” at the top of any page. If you are not signed in, you are taken to the sign-in page, where you can register with email and password.", "After signing in you land on the workbench home, which lists every tool. Your plan, points balance and language switcher are always in the sidebar."] },
    { id: "first-tts", topic: "Text to speech", title: "Make your first voice-over", body: ["Open Text to speech, paste a script of a few sentences, pick a voice from the list and select Generate. The job appears in the history with its progress.", "When it finishes, play it in the browser or download MP3/WAV. To change one sentence, edit it and regenerate: only that part is synthesized again."] },
    { id: "robotic-voice", topic: "Text to speech", title: "Why does the voice sound robotic?", body: ["Voxwork includes local engines that run offline. They are private and fast but sound synthetic, especially in Chinese.", "Natural voices need a remote neural engine — an OpenAI-compatible speech API or ElevenLabs — configured by whoever runs your Voxwork. Each job shows the engine that produced it."] },
    { id: "clone-voice", topic: "Voice cloning", title: "Clone a voice with consent", body: ["Open Voice cloning, upload or record one to two minutes of clear speech, and confirm that the voice is yours or that you have the speaker's permission.", "The cloned voice appears in your voice library, marked private. Your plan sets how many cloned voices you can keep: 1, 10 or 50."] },
    { id: "sample-quality", topic: "Voice cloning", title: "Record a good voice sample", body: ["Record in a quiet, soft-furnished room, 15–20 cm from the microphone, at a steady volume. Read naturally, with a few questions and exclamations for variety.", "Avoid music, background voices, and heavy noise reduction: processing artefacts get cloned too."] },
    { id: "translate-video", topic: "Video translation", title: "Translate a video", body: ["Open Video translator, upload the video (MP4, MOV, WebM or MKV, up to your plan's length) and choose the language spoken in it and up to five languages to dub it into. Each language is marked as working offline, needing a remote engine, or without a voice yet, before you start.", "Choose where the words come from: burned-in subtitles read from the picture (best for short dramas), a subtitle file (SRT, VTT or ASS: the most exact), or speech recognition (offline only for English, and rough on real recordings). Automatic tries subtitles in the picture first, then speech.", "Pick a voice per language, or tick “Match the original speaker”, then start. The run shows each stage; the result plays the original and the dub side by side, each line with how it fits its time, and lets you download the MP4, the dubbed audio, the voice and background stems and the subtitles."] },
    { id: "review-video", topic: "Video translation", title: "Review and fix lines before export (Pro)", body: ["Video translator Pro stops before the final mix with every line translated, spoken and placed. In the review table, press Listen to hear a line's dub over the picture; edit a translation or the original in place (leaving the field saves; Ctrl+Enter saves, Escape undoes); change a language's voice; add glossary terms so names are always translated the same way.", "Edits are free until you press Regenerate: only lines changed since they were spoken are spoken again, for 2 points a line (more for premium voices), shown on the button before you press it. Export is available when nothing is waiting to be spoken. Cancel returns every point of the run. A run left waiting for 30 days is cancelled and its points returned."] },
    { id: "no-engine-for-pair", topic: "Video translation", title: "No engine translates my languages (for example Chinese → English)", body: ["The offline translator here (Apertium) knows English ↔ Spanish, Catalan, Galician and Esperanto, and Basque, Serbo-Croatian, Icelandic and Macedonian → English; nothing else, and no Chinese. A language it cannot reach is marked “needs an engine” in the video translator and in dubbing.", "You can still dub the video: if you have the subtitles in the language you want, choose “Subtitle file”, tick “This file is already the translation” and pick that one language; the lines are spoken as written, no translation engine is used. Or make a dubbing project and type the translations in the studio (Video translator Pro's review lets you correct every line too)."] },
    { id: "set-up-engines", topic: "Running Voxwork", title: "Set up an engine", body: ["If you run this Voxwork yourself, engines are chosen at start by environment variables, one list per capability, first one preferred: ENGINES_TRANSLATOR, ENGINES_SPEECH_RECOGNIZER, ENGINES_SPEECH_SYNTHESIZER, ENGINES_AUDIO_SEPARATOR, ENGINES_ANIMATOR. Restart the server after a change; the pages then show the new languages and engines.", "Translation of any pair, Chinese ↔ English included: ENGINES_TRANSLATOR=apertium:apertium,openai:gpt-4o-mini with OPENAI_API_KEY, or a self-hosted OpenAI-compatible chat server (vLLM, llama.cpp, Ollama, Qwen, DeepSeek) with OPENAI_CHAT_BASE_URL and OPENAI_CHAT_MODEL: nothing then leaves your machines. Speech recognition of other languages: a self-hosted Whisper server with OPENAI_TRANSCRIPTION_BASE_URL. Every variable is listed in the README's “Engines” section."] },
    { id: "vt-limit", topic: "Plans and points", title: "What counts toward the monthly video-translation limit", body: ["Each run of the video translator or video translator Pro counts once toward your plan's video translations per month, however many languages it dubs: 3 on Free, 50 on Pro, unlimited on Business. Runs that fail or are cancelled do not count.", "Regenerating lines during a Pro review does not count as another run; it costs points per line. The counter resets on the first day of each month."] },
    { id: "points", topic: "Plans and points", title: "How points are reserved and spent", body: ["Every job shows its point cost before it starts. When it starts, the points are frozen; when it succeeds they are spent; if it fails they are released back to your balance.", "Your balance and a history of every change are on the My plan page of the workbench."] },
    { id: "subtitles", topic: "Files and exports", title: "Download subtitles (SRT or VTT)", body: ["Text to speech and video translation can export subtitles timed to the generated audio. Choose SRT for video editors and most platforms, VTT for web players.", "Subtitles can be exported in the source language, the target language, or both."] },
    { id: "retention", topic: "Files and exports", title: "How long files are kept", body: ["Uploads and results are kept for your plan's retention period after a job: 7 days on Free, 30 on Pro and 90 on Business. Then they are deleted.", "Download anything you want to keep."] },
    { id: "share-link", topic: "Files and exports", title: "Share a result with a link", body: ["A share link opens a public, read-only page for one result. Anyone with the link can view it, so only share what you are happy to make public.", "Share buttons arrive in each tool together with its results; a link stops working when its result's files reach the end of their retention period."] },
    { id: "language", topic: "Account", title: "Change the language", body: ["Use the language switcher in the header or sidebar. Your choice is remembered in a cookie for a year.", "Every page exists in both languages: Chinese pages live under /zh."] },
  ],
};

const ZH: HelpCopy = {
  title: "帮助中心",
  description: "搜索关于入门、文本转语音、声音克隆、视频翻译、套餐、积分和文件的帮助文章。",
  h1: "需要什么帮助？",
  lead: "在下方搜索帮助文章，或按主题浏览。",
  searchLabel: "搜索帮助文章",
  searchPlaceholder: "试试“字幕”“积分”或“克隆”",
  results: "共 {total} 篇，匹配 {count} 篇",
  noResults: "没有找到与“{query}”相关的文章。换个更短的词试试，或在工作台里通过反馈按钮问我们。",
  guidesTitle: "想深入了解？",
  guidesLink: "阅读分步教程",
  articles: [
    { id: "create-account", topic: "入门", title: "注册账号并进入工作台", body: ["在任意页面顶部点击“进入工作台”。如果尚未登录，会跳转到登录页，可以用邮箱和密码注册。", "登录后会进入工作台首页，这里列出了所有工具。侧边栏中始终显示你的套餐、积分余额和语言切换。"] },
    { id: "first-tts", topic: "文本转语音", title: "生成你的第一段配音", body: ["打开“文本转语音”，粘贴几句脚本，从列表中选一个音色，点击“生成”。任务会出现在历史记录中，并显示进度。", "完成后可以在浏览器中播放，或下载 MP3 / WAV。想改某一句，编辑后重新生成即可，只有改动的部分会重新合成。"] },
    { id: "robotic-voice", topic: "文本转语音", title: "为什么声音听起来很机械？", body: ["Voxwork 自带可离线运行的本地引擎，数据不出服务器、速度快，但声音偏合成感，中文尤为明显。", "自然的声音需要部署方配置远程神经网络引擎（兼容 OpenAI 的语音接口或 ElevenLabs）。每个任务都会显示生成它的引擎。"] },
    { id: "clone-voice", topic: "声音克隆", title: "在授权前提下克隆声音", body: ["打开“声音克隆”，上传或录制一到两分钟清晰的讲话，并确认这是你本人的声音，或已获得说话人的许可。", "克隆声音会出现在你的声音库中，并标记为私有。可保留的克隆声音数量由套餐决定：1 个、10 个或 50 个。"] },
    { id: "sample-quality", topic: "声音克隆", title: "录制高质量的声音样本", body: ["在安静、有软装的房间里录音，嘴与麦克风保持 15–20 厘米，音量稳定。自然朗读，适当加入疑问句和感叹句，让样本更丰富。", "避免背景音乐、他人说话和过度降噪——处理痕迹也会被一并克隆。"] },
    { id: "translate-video", topic: "视频翻译", title: "翻译一个视频", body: ["打开“视频翻译”，上传视频（MP4、MOV、WebM 或 MKV，时长不超过套餐上限），选择视频中的语言，以及最多五种要配音的语言。开始前，每种语言都会标明可离线使用、需要远程引擎，或暂无声音。", "选择文字来源：从画面读取硬字幕（最适合短剧）、字幕文件（SRT、VTT 或 ASS，最准确），或语音识别（离线仅支持英语，对真实录音效果较差）。“自动”会先尝试画面中的字幕，再尝试语音。", "为每种语言选择一个声音，或勾选“匹配原说话人”，然后开始。任务会显示每个阶段的进度；结果页并排播放原片和配音，标明每句是否贴合时长，并可下载 MP4、配音音频、人声和背景分轨以及字幕。"] },
    { id: "review-video", topic: "视频翻译", title: "导出前审校并修改台词（专业版）", body: ["专业视频翻译会在最终混音前暂停，此时每句都已翻译、配音并放好位置。在审校表中点击“试听”可在画面上听到该句配音；直接修改译文或原文（离开输入框即保存；Ctrl+Enter 保存，Esc 撤销）；更换某种语言的声音；添加术语，让人名等始终使用同一译法。", "在点击“重新生成”之前，修改都是免费的：只有自上次配音后改动过的台词会重新配音，每句 2 积分（高级音色更多），按钮上会先显示所需积分。没有待配音的台词时即可导出。取消会退还本次任务的全部积分。等待审校超过 30 天的任务会被自动取消并退还积分。"] },
    { id: "no-engine-for-pair", topic: "视频翻译", title: "没有引擎能翻译我的语言（例如中文 → 英语）", body: ["这里的离线翻译（Apertium）只支持英语 ↔ 西班牙语、加泰罗尼亚语、加利西亚语、世界语，以及巴斯克语、塞尔维亚-克罗地亚语、冰岛语、马其顿语 → 英语，不支持中文。无法翻译的语言在视频翻译和配音中会标为“需要引擎”。", "仍然可以配音：如果你已有目标语言的字幕，选择“字幕文件”，勾选“这个文件已经是译文”，并只选择该语言；台词会按原文配音，不使用翻译引擎。也可以新建配音项目，在编辑器中自行输入译文（专业视频翻译的审校也能逐句修改）。"] },
    { id: "set-up-engines", topic: "部署 Voxwork", title: "配置引擎", body: ["如果这个 Voxwork 由你部署，引擎在启动时由环境变量选择，每种能力一个列表，排在前面的优先：ENGINES_TRANSLATOR、ENGINES_SPEECH_RECOGNIZER、ENGINES_SPEECH_SYNTHESIZER、ENGINES_AUDIO_SEPARATOR、ENGINES_ANIMATOR。修改后重启服务器，页面就会显示新的语言和引擎。", "翻译任意语言对（包括中文 ↔ 英语）：设置 ENGINES_TRANSLATOR=apertium:apertium,openai:gpt-4o-mini 并提供 OPENAI_API_KEY，或用 OPENAI_CHAT_BASE_URL 和 OPENAI_CHAT_MODEL 指向自托管的 OpenAI 兼容对话服务（vLLM、llama.cpp、Ollama、通义千问、DeepSeek），这样数据不会离开你的服务器。识别其他语言的语音：用 OPENAI_TRANSCRIPTION_BASE_URL 指向自托管的 Whisper 服务。所有变量见 README 的“Engines”一节。"] },
    { id: "vt-limit", topic: "套餐与积分", title: "哪些操作计入每月视频翻译次数", body: ["视频翻译或专业视频翻译每运行一次，计入套餐的每月视频翻译次数一次，无论配音几种语言：免费版 3 次，专业版 50 次，商业版不限。失败或取消的任务不计入。", "专业版审校时重新生成台词不算新的一次，按句扣积分。次数在每月 1 日重置。"] },
    { id: "points", topic: "套餐与积分", title: "积分如何冻结和扣除", body: ["每个任务开始前都会显示所需积分。任务开始时冻结积分，成功后扣除；如果失败，积分会退回余额。", "余额和每一笔变动记录都可以在工作台的“我的套餐”页面查看。"] },
    { id: "subtitles", topic: "文件与导出", title: "下载字幕（SRT 或 VTT）", body: ["文本转语音和视频翻译都可以导出与生成音频对齐的字幕。剪辑软件和大多数平台用 SRT，网页播放器用 VTT。", "字幕可以导出原文、译文或双语版本。"] },
    { id: "retention", topic: "文件与导出", title: "文件保存多久", body: ["上传的文件和生成的结果在任务完成后按套餐保留：免费版 7 天，专业版 30 天，商业版 90 天，之后删除。", "需要保留的内容请及时下载。"] },
    { id: "share-link", topic: "文件与导出", title: "通过链接分享结果", body: ["分享链接会为某个结果打开一个公开的只读页面，任何拿到链接的人都能查看，所以只分享你愿意公开的内容。", "分享按钮会随各工具的结果功能一起上线；结果文件超过保留期后，链接即失效。"] },
    { id: "language", topic: "账号", title: "切换语言", body: ["使用页头或侧边栏中的语言切换（中文 / English）。你的选择会在 Cookie 中保存一年。", "每个页面都有两种语言版本，中文页面位于 /zh 路径下。"] },
  ],
};

export const HELP_COPY: Record<Locale, HelpCopy> = { en: EN, zh: ZH };

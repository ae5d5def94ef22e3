import type { Locale } from "../../../i18n";
import type { ProductSample, VoiceSampleList, WorkbenchShot } from "../content-types";
import voicesMade from "../../../../public/samples/voices/sample.json";
import workbenchMade from "../../../../public/samples/workbench/sample.json";

/** Written by `npm run samples:video-translator` (the product's own output, committed with `sample.json`). */
const VIDEO_TRANSLATOR = "/samples/video-translator";

/** The video translator's before/after: a generated English ad dubbed into Spanish offline, by the product. */
export const VIDEO_TRANSLATOR_SAMPLE: Record<Locale, ProductSample> = {
  en: {
    title: "Before and after, made by Voxwork",
    lead: "A 12-second English product ad, dubbed into Spanish by the video translator itself, offline: read from its subtitle file, translated, spoken, fitted to each line's time and mixed over the original music.",
    before: { kind: "video", label: "Before · English", video: `${VIDEO_TRANSLATOR}/before.mp4`, poster: `${VIDEO_TRANSLATOR}/before.jpg`, track: { src: `${VIDEO_TRANSLATOR}/before.en.vtt`, lang: "en", label: "English" } },
    after: { kind: "video", label: "After · Spanish (subtitles burned in)", video: `${VIDEO_TRANSLATOR}/after-es.mp4`, poster: `${VIDEO_TRANSLATOR}/after-es.jpg` },
    caption:
      "Made with the offline engines only: Apertium translation and an eSpeak NG voice, so the voice sounds synthetic; a remote speech engine gives natural voices. The clip, its voice and its music are generated too: no stock footage. The music between lines is the original's, untouched.",
  },
  zh: {
    title: "前后对比：由 Voxwork 生成",
    lead: "一段 12 秒的英文产品广告，由视频翻译功能本身离线配音成西班牙语：从字幕文件读取文字，翻译、朗读、按每句时长对齐，并混合到原有背景音乐上。",
    before: { kind: "video", label: "之前 · 英语", video: `${VIDEO_TRANSLATOR}/before.mp4`, poster: `${VIDEO_TRANSLATOR}/before.jpg`, track: { src: `${VIDEO_TRANSLATOR}/before.en.vtt`, lang: "en", label: "英语" } },
    after: { kind: "video", label: "之后 · 西班牙语（字幕已压制进画面）", video: `${VIDEO_TRANSLATOR}/after-es.mp4`, poster: `${VIDEO_TRANSLATOR}/after-es.jpg` },
    caption:
      "只使用离线引擎制作：Apertium 翻译和 eSpeak NG 音色，所以声音听起来是合成的；配置远程语音引擎后可获得自然的声音。短片、其中的人声和音乐也都是生成的，没有使用任何素材库内容。句与句之间的音乐是原片的，未做改动。",
  },
};

// ── Samples written by `npm run samples:marketing` (scripts/samples/marketing.sample.ts) ─────────
// Each folder's sample.json records what made the files; the pages read names, texts and lengths
// from it, so a new run of the script cannot leave the page describing the old files.

interface MadeVoice {
  file: string;
  name: string;
  language: string;
  sound: { en: string; zh: string };
  suits: "lessons" | "ads" | "stories";
  text: string;
  seconds: number;
}

const SUITS: Record<Locale, Record<MadeVoice["suits"], string>> = {
  en: { lessons: "Suits lessons and explainers.", ads: "Suits ads and product videos.", stories: "Suits stories and audiobooks." },
  zh: { lessons: "适合课程和讲解。", ads: "适合广告和商品视频。", stories: "适合故事和有声书。" },
};

/** `en-us` → "American English" / "美式英语"; variants (`en-gb-scotland`) are dropped. */
function languageName(tag: string, locale: Locale): string {
  const [language, region] = tag.split("-");
  const code = region && region.length === 2 ? `${language}-${region.toUpperCase()}` : language!;
  return new Intl.DisplayNames([locale === "zh" ? "zh-CN" : "en"], { type: "language" }).of(code) ?? code;
}

/** BCP 47 of a sample's text, for its `lang` attribute (Chinese as zh-CN, like the page). */
const textLang = (tag: string) => (tag.startsWith("zh") || tag.startsWith("cmn") ? "zh-CN" : tag.split("-")[0]!);

const VOICE_LIST_COPY: Record<Locale, { title: string; lead: string; caption: string }> = {
  en: {
    title: "Hear the voices",
    lead: "Six of the voices that run offline on our own machines, each reading a line of the kind it suits. These are the files the product made, as it delivers them.",
    caption:
      "Made with the local engines only (Festival, Flite and eSpeak NG), which every Voxwork runs without a network, so they sound synthetic. Natural neural voices come from a remote speech engine (an OpenAI-compatible API or ElevenLabs) when whoever runs your Voxwork configures one.",
  },
  zh: {
    title: "试听声音",
    lead: "六个在我们自己机器上离线运行的声音，各自朗读一句适合它的内容。这些就是产品生成的文件，原样提供。",
    caption:
      "只使用本地引擎（Festival、Flite 和 eSpeak NG）制作，任何 Voxwork 都能离线运行这些引擎，所以声音听起来是合成的。运营方配置远程语音引擎（兼容 OpenAI 的接口或 ElevenLabs）后，可获得自然的神经网络声音。",
  },
};

export const VOICE_SAMPLES: Record<Locale, VoiceSampleList> = Object.fromEntries(
  (["en", "zh"] as const).map((locale) => [
    locale,
    {
      ...VOICE_LIST_COPY[locale],
      voices: (voicesMade.voices as MadeVoice[]).map((voice) => ({
        name: voice.name,
        language: languageName(voice.language, locale),
        description: `${voice.sound[locale]}${locale === "en" ? " " : ""}${SUITS[locale][voice.suits]}`,
        text: voice.text,
        textLang: textLang(voice.language),
        audio: voice.file,
        seconds: voice.seconds,
      })),
    },
  ]),
) as Record<Locale, VoiceSampleList>;

const SHOTS = "/samples/workbench";
const shot = (name: "tts" | "translator" | "dubbing", locale: Locale) => {
  const light = `${SHOTS}/${name}-${locale}-light.jpg`;
  const dark = `${SHOTS}/${name}-${locale}-dark.jpg`;
  if (!workbenchMade.files.includes(light) || !workbenchMade.files.includes(dark)) throw new Error(`samples/workbench has no ${name}-${locale} shots: run npm run samples:marketing`);
  return { light, dark, width: 1440, height: 900 };
};

/** Text to speech right after it spoke a short script: the page as it is, in each language and scheme. */
export const TTS_SCREENSHOT: Record<Locale, WorkbenchShot> = {
  en: {
    title: "The workbench, as it is",
    lead: "Not a mock-up: text to speech right after it spoke a short script, with its waveform, subtitles and downloads.",
    alt: "The text to speech page of the Voxwork workbench: a short script, the voice Sloane, and the finished audio with its waveform and download buttons.",
    ...shot("tts", "en"),
  },
  zh: {
    title: "工作台实拍",
    lead: "不是效果图：这是文本转语音刚朗读完一段短稿时的页面，有波形、字幕和下载按钮。",
    alt: "Voxwork 工作台的文本转语音页面：一段短稿、选中的声音，以及生成好的音频、波形和下载按钮。",
    ...shot("tts", "zh"),
  },
};

/** A finished video translation's page. */
export const TRANSLATOR_SCREENSHOT: Record<Locale, WorkbenchShot> = {
  en: {
    title: "Inside the workbench",
    lead: "A finished video translation as you would see it: the original and the dub side by side, every line with its fit, and every download.",
    alt: "A finished video translation in the Voxwork workbench: the English original and the Spanish dub side by side, the translated lines and the download buttons.",
    ...shot("translator", "en"),
  },
  zh: {
    title: "工作台里是什么样",
    lead: "一次完成的视频翻译：原片和配音并排播放，每句台词的时长匹配情况，以及所有下载。",
    alt: "Voxwork 工作台中一次完成的视频翻译：英文原片和西班牙语配音并排，译文台词和下载按钮。",
    ...shot("translator", "zh"),
  },
};

/** The dubbing studio's editor with a real project: segments, their translations, takes and waveforms. */
export const DUBBING_SCREENSHOT: Record<Locale, WorkbenchShot> = {
  en: {
    title: "Line by line in the dubbing studio",
    lead: "For a voice per character and a hand on every line: the dubbing studio with a real project, each segment with its translation, its take and its timing.",
    alt: "The dubbing studio editing a short ad: the video, a selected segment with its English line and Spanish translation, its character and take, and the timeline with the waveform.",
    ...shot("dubbing", "en"),
  },
  zh: {
    title: "在配音工作室逐句打磨",
    lead: "想让每个角色有自己的声音、逐句把关时：这是配音工作室中的一个真实项目，每个片段都有译文、配音和时间。",
    alt: "配音工作室正在编辑一段短广告：视频画面、选中片段的英文原文和西班牙语译文、角色和配音，以及带波形的时间轴。",
    ...shot("dubbing", "zh"),
  },
};

const STS = "/samples/speech-to-speech";
export const SPEECH_TO_SPEECH_SAMPLE: Record<Locale, ProductSample> = {
  en: {
    title: "Before and after, made by Voxwork",
    lead: "A recording in one voice, re-voiced by speech to speech: the same words and pauses, a different voice.",
    before: { kind: "audio", label: "Before · the recording (Sloane)", audio: `${STS}/before.mp3` },
    after: { kind: "audio", label: "After · re-voiced as Rick", audio: `${STS}/after.mp3` },
    caption:
      "Made offline. The recording itself came from our text to speech, and the local converter moved its pitch, formants and spectrum toward the target voice by signal processing. It is not a neural conversion, so it sounds processed; a remote speech-to-speech engine gives natural results.",
  },
  zh: {
    title: "前后对比：由 Voxwork 生成",
    lead: "一段用某个声音录好的音频，经语音转语音重新配音：字句和停顿不变，只换了声音。",
    before: { kind: "audio", label: "之前 · 原录音（Sloane）", audio: `${STS}/before.mp3` },
    after: { kind: "audio", label: "之后 · 换成 Rick 的声音", audio: `${STS}/after.mp3` },
    caption: "离线制作。原录音本身由我们的文本转语音生成，本地转换器通过信号处理把音高、共振峰和频谱移向目标声音。这不是神经网络转换，所以听起来有处理痕迹；配置远程语音转语音引擎后效果自然。",
  },
};

const CLONE = "/samples/voice-cloning";
export const VOICE_CLONING_SAMPLE: Record<Locale, ProductSample> = {
  en: {
    title: "A reference and its clone, made by Voxwork",
    lead: "Ten seconds of reference speech, then the new voice reading a sentence it never heard.",
    before: { kind: "audio", label: "The reference recording (10 s)", audio: `${CLONE}/reference.mp3` },
    after: { kind: "audio", label: "The cloned voice, reading a new sentence", audio: `${CLONE}/cloned.mp3` },
    caption:
      "Made offline with the local voice-matching engine: it measures the reference's pitch, pace and spectrum and moves a ready-made voice toward them. It is not a neural clone, and it sounds like one of our own voices, shifted. The reference is itself a synthetic voice standing in for a person's recording. A true clone needs a remote engine such as ElevenLabs.",
  },
  zh: {
    title: "参考录音与克隆声音：由 Voxwork 生成",
    lead: "十秒参考语音，然后是新声音朗读一句它从未听过的话。",
    before: { kind: "audio", label: "参考录音（10 秒）", audio: `${CLONE}/reference.mp3` },
    after: { kind: "audio", label: "克隆声音朗读新句子", audio: `${CLONE}/cloned.mp3` },
    caption: "使用本地声音匹配引擎离线制作：它测量参考录音的音高、语速和频谱，再把一个现成的声音向它们靠拢。这不是神经网络克隆，听起来像是我们自有声音的变调版本。参考录音本身也是合成声音，代替真人录音。真正的克隆需要 ElevenLabs 等远程引擎。",
  },
};

const AVATAR = "/samples/talking-photo";
export const TALKING_PHOTO_SAMPLE: Record<Locale, ProductSample> = {
  en: {
    title: "From a picture to a presenter, made by Voxwork",
    lead: "One of the built-in illustrated avatars, given a line of script and a voice.",
    before: { kind: "image", label: "The picture (Ava)", image: `${AVATAR}/before.png`, alt: "Ava, an illustrated presenter with long wavy hair and a teal blazer" },
    after: { kind: "video", label: "The video", video: `${AVATAR}/after.mp4`, poster: `${AVATAR}/after.jpg` },
    caption:
      "Rendered offline by the avatar tool: the mouth follows the speech, and the head and eyes move on their own. A photo of a real face is animated the same classic way; neural lip-sync needs a remote engine. The voice is an offline one, so it sounds synthetic.",
  },
  zh: {
    title: "从一张图片到一位主持人：由 Voxwork 生成",
    lead: "一个内置插画数字人，配上一句稿子和一个声音。",
    before: { kind: "image", label: "图片（艾娃）", image: `${AVATAR}/before.png`, alt: "艾娃：长卷发、穿青绿色西装外套的插画主持人" },
    after: { kind: "video", label: "视频", video: `${AVATAR}/after.mp4`, poster: `${AVATAR}/after.jpg` },
    caption: "由数字人工具离线渲染：嘴型跟随语音，头部和眼睛自然运动。真人照片也用同样的经典动画方式驱动；神经网络唇形同步需要远程引擎。声音是离线声音，所以听起来是合成的。",
  },
};

const ERASURE = "/samples/video-erasure";
export const VIDEO_ERASURE_SAMPLE: Record<Locale, ProductSample> = {
  en: {
    title: "Captions erased, made by Voxwork",
    lead: "A clip with burned-in captions, and the same clip after video erasure found and removed them.",
    before: { kind: "video", label: "Before · captions burned in", video: `${ERASURE}/before.mp4`, poster: `${ERASURE}/before.jpg` },
    after: { kind: "video", label: "After · video erasure", video: `${ERASURE}/after.mp4`, poster: `${ERASURE}/after.jpg` },
    caption:
      "Made offline: the product's own text recognition found the captions, and they were filled from the picture around them. On a busy background a fill can leave a soft patch, so preview a few seconds before you run a whole video. The clip is generated too: no stock footage.",
  },
  zh: {
    title: "擦除字幕：由 Voxwork 生成",
    lead: "一段带硬字幕的短片，以及视频擦除自动找到并去除字幕后的同一段短片。",
    before: { kind: "video", label: "之前 · 带硬字幕", video: `${ERASURE}/before.mp4`, poster: `${ERASURE}/before.jpg` },
    after: { kind: "video", label: "之后 · 视频擦除", video: `${ERASURE}/after.mp4`, poster: `${ERASURE}/after.jpg` },
    caption: "离线制作：字幕由产品自带的文字识别找到，并用周围的画面填补。背景复杂时填补处可能略显模糊，处理整段视频前请先预览几秒。短片本身也是生成的，没有使用素材库内容。",
  },
};

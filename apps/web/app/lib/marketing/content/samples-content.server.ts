import type { Locale } from "../../../i18n";
import type { ProductSample } from "../content-types";

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

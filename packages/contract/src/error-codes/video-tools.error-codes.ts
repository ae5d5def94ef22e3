/**
 * Video erasure, subtitle extraction, audio separation, subtitle burn-in and AI avatar video (7100–7599).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const videoToolErrorCodes = {
  /** Video erasure (7100–7119). No text was found to erase: the drawn-region mode is offered. */
  ERASURE_NO_TEXT_FOUND: 7100,
  /** A region lies (partly) outside the picture; `index` (1-based), `width`, `height`. */
  ERASURE_REGION_OUTSIDE_FRAME: 7101,
  /** A region's time range lies outside the video; `index`, `from`, `to`, `duration`. */
  ERASURE_TIME_OUTSIDE_VIDEO: 7102,
  /** Nothing to erase: no region chosen. */
  ERASURE_NO_REGIONS: 7103,
  /** Subtitle extraction (7200–7209). OCR found no burned-in subtitle line in either language. */
  SUBTITLE_EXTRACTION_NONE_FOUND: 7200,
  /** Only Chinese was asked for; English subtitles were found (choose English or both). */
  SUBTITLE_EXTRACTION_ONLY_ENGLISH: 7201,
  /** Only English was asked for; Chinese subtitles were found (choose Chinese or both). */
  SUBTITLE_EXTRACTION_ONLY_CHINESE: 7202,
  /** The subtitle track picked (extraction or erasure) lies (partly) outside the picture; `width`, `height`. */
  SUBTITLE_TRACK_OUTSIDE_FRAME: 7203,
  /** Audio separation (7300–7309). The upload (a video) has no audio track to separate. */
  AUDIO_SEPARATION_NO_AUDIO_TRACK: 7300,
  /** The upload is not audio or video we can decode (an image, or a damaged file). */
  AUDIO_SEPARATION_NOT_READABLE: 7301,
  /** Longer than the plan's `maxVideoMinutesPerJob` (audio or video alike); `minutes`, `max`. */
  AUDIO_SEPARATION_TOO_LONG: 7302,
  /** The separator asked for is not set up here; `engine`. */
  AUDIO_SEPARATION_ENGINE_NOT_SET_UP: 7303,
  /** The separator failed while running (not the caller's fault); `engine`. The points are released. */
  AUDIO_SEPARATION_ENGINE_FAILED: 7304,
  /** Subtitle burn-in (7400–7409). No line of the subtitle file falls within the video; `count`, `duration`. */
  BURN_IN_NO_LINES_IN_VIDEO: 7400,
  /** AI avatar video (7500–7509). No face in the photo; `scene`. */
  AVATAR_NO_FACE: 7500,
  /** No built-in avatar with this id; `avatar`. */
  AVATAR_UNKNOWN: 7501,
  /** A scene's upload is not what it is used as (a photo that is no picture, a recording without sound, …); `scene`, `what`. */
  AVATAR_UPLOAD_WRONG_KIND: 7502,
  /** The video would be longer than the plan allows; `seconds`, `max`. */
  AVATAR_TOO_LONG: 7503,
  /** The photo animator asked for is not set up; `animator`. */
  AVATAR_ANIMATOR_UNAVAILABLE: 7504,
  /** The photo's face is far too small to animate (the portrait check's block); `scene`. */
  AVATAR_FACE_TOO_SMALL: 7505,
} as const;

export const videoToolErrorMessages: ErrorAreaMessages<typeof videoToolErrorCodes> = {
  en: {
    7100: 'We found no text in this video to erase. Draw the regions to erase on a frame instead.',
    7101: 'Region {index} lies outside the picture ({width} × {height} pixels). Draw it inside the frame.',
    7102: 'Region {index} runs from {from} s to {to} s, outside the video (0–{duration} s). Choose times within the video.',
    7103: 'Choose at least one region to erase.',
    7200: 'We found no burned-in subtitles in this video: it seems to have none. We read Chinese and English subtitles that are part of the picture; subtitles in a separate track, or in other languages, are not read.',
    7201: 'We found English subtitles in this video but no Chinese ones. Choose “English” (or both) and try again.',
    7202: 'We found Chinese subtitles in this video but no English ones. Choose “Chinese” (or both) and try again.',
    7203: 'The subtitle track you picked lies outside the picture ({width} × {height} pixels). Pick one of the tracks shown on the frame.',
    7300: 'This video has no audio track, so there is nothing to separate. Upload a video with sound, or an audio file.',
    7301: 'This file is not audio or video we can read (it may be damaged, or an image). Upload an MP3, WAV, M4A, FLAC or OGG file, or a video with sound.',
    7302: 'This file is {minutes} minutes long; your plan allows up to {max} minutes per file. Trim it or upgrade your plan.',
    7303: 'The separation engine “{engine}” is not set up here. Choose another engine; if you run this Voxwork, set it up (Help center: “Set up an engine”).',
    7304: 'The separation engine “{engine}” failed on this file. Your points were returned; try again or choose another engine.',
    7400: 'None of the {count} subtitle lines falls within the video (0–{duration} s). Check that the subtitle file belongs to this video.',
    7500: 'Scene {scene}: we found no face in this photo. Upload a photo where a face looks at the camera, lit from the front.',
    7501: 'There is no avatar “{avatar}”. Choose one from the list.',
    7502: 'Scene {scene}: this upload cannot be used as the {what}.',
    7503: 'This video would last about {seconds} s; your plan allows up to {max} s per video. Shorten the scripts or upgrade your plan.',
    7504: 'The photo animator “{animator}” is not set up here. Choose another; if you run this Voxwork, set it up (Help center: “Set up an engine”).',
    7505: 'Scene {scene}: the face in this photo is far too small to animate. Crop the photo close around the face, or choose one where the face fills about a third of it.',
  },
  zh: {
    7100: '该视频中没有找到可擦除的文字。请改为在画面上框选要擦除的区域。',
    7101: '区域 {index} 超出了画面（{width} × {height} 像素）。请在画面内框选。',
    7102: '区域 {index} 的时间为 {from} 秒至 {to} 秒，超出了视频范围（0–{duration} 秒）。请选择视频内的时间。',
    7103: '请至少选择一个要擦除的区域。',
    7200: '该视频中没有找到硬字幕，它似乎没有字幕。我们读取画面中的中文和英文字幕；单独字幕轨中的字幕或其他语言的字幕无法读取。',
    7201: '该视频中找到了英文字幕，但没有中文字幕。请选择“英文”（或中英双语）后重试。',
    7202: '该视频中找到了中文字幕，但没有英文字幕。请选择“中文”（或中英双语）后重试。',
    7203: '你选择的字幕轨超出了画面（{width} × {height} 像素）。请选择画面上标出的字幕轨之一。',
    7300: '该视频没有音轨，没有可分离的声音。请上传带声音的视频或音频文件。',
    7301: '该文件不是可读取的音频或视频（可能已损坏，或是图片）。请上传 MP3、WAV、M4A、FLAC 或 OGG 文件，或带声音的视频。',
    7302: '该文件长 {minutes} 分钟，你的套餐每个文件最长 {max} 分钟。请剪短后重试或升级套餐。',
    7303: '此处未配置分离引擎“{engine}”。请选择其他引擎；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
    7304: '分离引擎“{engine}”处理该文件时出错。你的积分已退回，请重试或选择其他引擎。',
    7400: '字幕文件的 {count} 行字幕都不在视频的时间范围内（0–{duration} 秒）。请确认字幕文件与该视频对应。',
    7500: '场景 {scene}：这张照片里没有找到人脸。请上传正面朝向镜头、光线充足的人像照片。',
    7501: '没有名为“{avatar}”的数字人。请从列表中选择。',
    7502: '场景 {scene}：这个文件不能用作{what}。',
    7503: '该视频预计长约 {seconds} 秒，你的套餐每个视频最长 {max} 秒。请缩短脚本或升级套餐。',
    7504: '此处未配置照片动画引擎“{animator}”。请选择其他引擎；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
    7505: '场景 {scene}：这张照片中的人脸太小，无法生成动画。请把照片裁剪到人脸附近，或选择人脸约占画面三分之一的照片。',
  },
};

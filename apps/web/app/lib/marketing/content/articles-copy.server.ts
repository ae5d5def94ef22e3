import type { Locale } from "../../../i18n";
import type { ArticleKind } from "../marketing-paths";

/** Headings and meta of the blog and guides index and category pages. */
export const ARTICLES_COPY: Record<ArticleKind, Record<Locale, { title: string; description: string; h1: string; lead: string; listTitle: string; listDescription: string }>> = {
  blog: {
    en: {
      title: "Blog: localization, voice and production",
      description: "Articles on dubbing, video localization, choosing voices, voice-cloning ethics and AI speech engines, from the Voxwork team.",
      h1: "Blog",
      lead: "Practical writing on taking audio and video to new languages: what works, what doesn't, and what to watch out for.",
      listTitle: "{category} articles",
      listDescription: "Every Voxwork blog article about {category}: practical methods, checklists and lessons learned.",
    },
    zh: {
      title: "博客：本地化、声音与内容制作",
      description: "Voxwork 团队关于配音、视频本地化、音色选择、声音克隆伦理和 AI 语音引擎的文章。",
      h1: "博客",
      lead: "关于把音视频内容带到新语言的实战经验：哪些做法有效、哪些无效，以及需要注意什么。",
      listTitle: "{category}相关文章",
      listDescription: "Voxwork 博客中关于{category}的全部文章：实用方法、检查清单和经验总结。",
    },
  },
  guides: {
    en: {
      title: "Guides: step-by-step help for every tool",
      description: "Step-by-step guides to writing scripts for text to speech, subtitles, lip-sync, recording voice samples, plans and points.",
      h1: "Guides",
      lead: "Short, step-by-step guides for getting good results from the workbench.",
      listTitle: "{category} guides",
      listDescription: "Step-by-step Voxwork guides about {category}, with concrete settings and examples.",
    },
    zh: {
      title: "教程：每个工具的分步指南",
      description: "关于为文本转语音写脚本、字幕格式、口型同步、录制声音样本以及套餐与积分的分步教程。",
      h1: "教程",
      lead: "简短的分步教程，帮你在工作台里做出好效果。",
      listTitle: "{category}教程",
      listDescription: "Voxwork 关于{category}的分步教程，附具体设置和示例。",
    },
  },
};

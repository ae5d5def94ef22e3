import type { MarketingMessages } from "./marketing.en";

/** 营销站通用文案（页头、页脚、共用标签），在 `zh.ts` 中挂在 `marketing` 下。 */
export const marketingZh: MarketingMessages = {
  nav: {
    tools: "工具",
    useCases: "应用场景",
    pricing: "价格",
    blog: "博客",
    guides: "教程",
    help: "帮助",
    menu: "菜单",
    workbench: "进入工作台",
  },
  toolStatus: {
    built: "现已可用",
    notYet: "开发中",
    notBuiltTitle: "{tool}正在开发中",
    notBuiltBody: "本页介绍的工具工作台里还没有：目前既不能使用，也无法购买。在此期间，所有标为“现已可用”的工具都可以正常使用。",
    notBuiltCta: "查看现在可用的工具",
    usedHereTitle: "本页用到的工具",
  },
  footer: {
    summary: "Voxwork 是一个中英双语的 AI 语音与视频网页工作台。",
    consent: "只能克隆或替换你本人拥有、或已获授权使用的声音。",
    ipAttribution: "IP 地理位置数据来自 DB-IP",
    tools: "工具",
    useCases: "应用场景",
    resources: "资源",
    company: "公司",
    about: "关于我们",
    faq: "常见问题",
    help: "帮助中心",
    api: "使用 API",
    pricing: "价格",
    mobile: "在手机上使用",
    allTools: "全部工具",
  },
  useCases: {
    creators: "内容创作者",
    ecommerce: "电商卖家",
    educators: "教育工作者",
    shortDrama: "短剧出海",
  },
  articles: {
    minutes: "阅读约 {minutes} 分钟",
    allCategories: "全部",
    categories: "分类",
    backToIndex: "全部文章",
    published: "发布于",
    related: "继续阅读",
  },
};

/**
 * Marketing-site chrome strings (header, footer, shared labels), imported into `en.ts` under
 * `marketing`. Page copy is not here: loaders send it with the page so it stays out of the
 * browser bundle of other pages.
 */
export const marketingEn = {
  nav: {
    tools: "Tools",
    useCases: "Use cases",
    pricing: "Pricing",
    blog: "Blog",
    guides: "Guides",
    help: "Help",
    menu: "Menu",
    workbench: "Open the workbench",
  },
  toolStatus: {
    built: "Available now",
    notYet: "Being built",
    notBuiltTitle: "{tool} is being built",
    notBuiltBody: "This page describes a tool the workbench does not have yet: nothing here can be used or bought today. Meanwhile, every tool marked available works now.",
    notBuiltCta: "See the tools that work today",
    usedHereTitle: "The tools behind this page",
  },
  footer: {
    summary: "Voxwork is a web workbench for AI voice and video tools, in English and Chinese.",
    consent: "Only clone or re-voice voices you own or have permission to use.",
    ipAttribution: "IP geolocation by DB-IP",
    tools: "Tools",
    useCases: "Use cases",
    resources: "Resources",
    company: "Company",
    about: "About us",
    faq: "FAQ",
    help: "Help center",
    api: "Using the API",
    pricing: "Pricing",
    mobile: "On your phone",
    allTools: "All tools",
  },
  useCases: {
    creators: "Content creators",
    ecommerce: "E-commerce",
    educators: "Educators",
    shortDrama: "Short-drama globalization",
  },
  articles: {
    minutes: "{minutes} min read",
    allCategories: "All",
    categories: "Categories",
    backToIndex: "All articles",
    published: "Published",
    related: "Keep reading",
  },
};

export type MarketingMessages = typeof marketingEn;

import { formatMoney, PLANS, POINT_PACKS, type ComboDetail, type Currency, type PlanId } from "@voxwork/contract";
import type { Locale } from "../../../i18n";

/**
 * The pricing page's view model, computed on the server from the plan catalogue of the contract
 * (the same data the account service uses), so the page ships no catalogue code to the browser.
 */
const CURRENCY: Record<Locale, Currency> = { en: "USD", zh: "CNY" };

const COPY = {
  en: {
    title: "Pricing: plans and point packs",
    description: "Free, Pro and Business plans for Voxwork, billed monthly or yearly, plus one-off point packs. Prices in US dollars.",
    h1: "Simple plans, paid in points",
    lead: "Every tool spends points; each job shows its cost before you start it. Plans add monthly points and higher limits, and point packs top you up when you need more.",
    monthly: "Monthly",
    yearly: "Yearly",
    billingLabel: "Billing period",
    saveUpTo: "save up to {percent}%",
    perMonth: "/ month",
    perYear: "/ year",
    separator: ": ",
    billedYearly: "{amount} per month, billed yearly",
    free: "Free",
    freeNote: "No card needed",
    recommended: "Recommended",
    choose: "Choose in the workbench",
    startFree: "Start for free",
    plans: {
      free: { name: "Free", summary: "Try every tool on short clips." },
      pro: { name: "Pro", summary: "For creators and sellers publishing every week." },
      business: { name: "Business", summary: "For studios localizing series and catalogues." },
    } satisfies Record<PlanId, { name: string; summary: string }>,
    compareTitle: "Compare plans",
    compareLead: "Everything a plan includes, from the same catalogue the workbench enforces.",
    compareScrollHint: "Swipe the table sideways to see every plan.",
    feature: "Feature",
    rows: {
      pointsPerMonth: "Points every month",
      maxVideoMinutesPerJob: "Longest video per job",
      voiceCloneSlots: "Cloned voices kept",
      concurrentJobs: "Jobs running at once",
      waitingJobs: "More jobs waiting their turn",
      uploadSizeMb: "Largest upload",
      imageLimits: "Largest image",
      videoFrameLimits: "Largest video frame",
      storageQuotaMb: "Storage for your files",
      maxTtsCharacters: "Characters per text-to-speech job",
      watermarkFree: "No Voxwork audio tag on exports",
      queuePriority: "Queue priority",
      retentionDays: "Files kept after a job",
      vtUseLimit: "Video translations per month",
    } satisfies Record<keyof ComboDetail | "vtUseLimit", string>,
    units: { minutes: "{n} min", mb: "{n} MB", gb: "{n} GB", days: "{n} days", picture: "{side} px a side, {mp} MP", unlimited: "Unlimited", yes: "Yes", no: "No", standard: "Standard", higher: "Higher", highest: "Highest" },
    vtTitle: "How many video translations does a plan include?",
    vtBody: "Besides points, plans cap how many videos you can run through the video translator each calendar month: 3 on Free, 50 on Pro and unlimited on Business. Each run of the video translator or video translator Pro counts once, however many languages it dubs; regenerating lines during a Pro review costs points per line, not another run. The counter resets on the first day of each month.",
    packsTitle: "Point packs",
    packsLead: "One-off top-ups on any plan. Purchased points do not expire while your account exists.",
    points: "{n} points",
    buyPack: "Buy in the workbench",
    notesTitle: "Good to know",
    notes: [
      "Prices are in US dollars; the Chinese site shows prices in yuan (CNY).",
      "Monthly points are granted at the start of each month of the plan, also on yearly plans.",
      "Points are frozen when a job starts and only spent when it succeeds; a failed job returns them.",
      "Plans and packs are purchased from the workbench, where you can also see your balance and history.",
    ],
    ctaTitle: "Ready to pick a plan?",
    ctaLead: "Open the pricing page in the workbench to upgrade or buy points for your account.",
    cta: "Go to workbench pricing",
  },
  zh: {
    title: "价格：套餐与积分包",
    description: "Voxwork 免费版、专业版和商业版套餐，可按月或按年付费，另有一次性积分包。价格以人民币计。",
    h1: "简单的套餐，用积分结算",
    lead: "每个工具都会消耗积分，任务开始前都会显示所需积分。套餐每月赠送积分并提高各项上限，积分不够时可随时购买积分包。",
    monthly: "按月",
    yearly: "按年",
    billingLabel: "付费周期",
    saveUpTo: "最高省 {percent}%",
    perMonth: "/ 月",
    perYear: "/ 年",
    separator: "：",
    billedYearly: "折合每月 {amount}，按年付费",
    free: "免费",
    freeNote: "无需绑定银行卡",
    recommended: "推荐",
    choose: "在工作台中选择",
    startFree: "免费开始",
    plans: {
      free: { name: "免费版", summary: "用短视频试用全部工具。" },
      pro: { name: "专业版", summary: "适合每周稳定更新的创作者和卖家。" },
      business: { name: "商业版", summary: "适合批量本地化剧集和商品的工作室。" },
    },
    compareTitle: "套餐对比",
    compareLead: "以下内容与工作台实际执行的套餐目录完全一致。",
    compareScrollHint: "左右滑动表格，查看所有套餐。",
    feature: "项目",
    rows: {
      pointsPerMonth: "每月赠送积分",
      maxVideoMinutesPerJob: "单个任务最长视频",
      voiceCloneSlots: "可保留的克隆声音",
      concurrentJobs: "同时运行的任务数",
      waitingJobs: "可排队等待的任务数",
      uploadSizeMb: "单个文件上传上限",
      imageLimits: "图片尺寸上限",
      videoFrameLimits: "视频画面尺寸上限",
      storageQuotaMb: "文件存储空间",
      maxTtsCharacters: "单个文本转语音任务字符数",
      watermarkFree: "导出内容无 Voxwork 音频标识",
      queuePriority: "排队优先级",
      retentionDays: "任务完成后文件保留",
      vtUseLimit: "每月视频翻译次数",
    },
    units: { minutes: "{n} 分钟", mb: "{n} MB", gb: "{n} GB", days: "{n} 天", picture: "每边 {side} 像素，{mp} MP", unlimited: "不限", yes: "是", no: "否", standard: "标准", higher: "较高", highest: "最高" },
    vtTitle: "套餐包含多少次视频翻译？",
    vtBody: "除了积分之外，套餐还限制每个自然月可以运行视频翻译的次数：免费版 3 次，专业版 50 次，商业版不限。视频翻译或专业视频翻译每运行一次计 1 次，无论配音几种语言；专业版审校时重新生成台词按句扣积分，不算新的一次。次数在每月 1 日重置。",
    packsTitle: "积分包",
    packsLead: "任何套餐都可以一次性充值。购买的积分在账号存续期间不会过期。",
    points: "{n} 积分",
    buyPack: "在工作台购买",
    notesTitle: "需要了解",
    notes: [
      "中文站价格以人民币计，英文站以美元计。",
      "套餐积分在每个套餐月开始时发放，按年付费也按月发放。",
      "任务开始时冻结积分，成功后才扣除；任务失败会退回积分。",
      "套餐和积分包都在工作台中购买，在那里也能查看余额和消费记录。",
    ],
    ctaTitle: "准备好选择套餐了吗？",
    ctaLead: "打开工作台中的价格页面，即可为你的账号升级或购买积分。",
    cta: "前往工作台价格页",
  },
};

export type PricingCopy = (typeof COPY)["en"];

function fill(template: string, n: number | string): string {
  return template.replace("{n}", typeof n === "number" ? n.toLocaleString("en-US") : n);
}

export function pricingPage(locale: Locale) {
  const copy: PricingCopy = COPY[locale];
  const currency = CURRENCY[locale];
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const u = copy.units;
  const size = (mb: number) => (mb >= 1024 ? fill(u.gb, Math.round((mb / 1024) * 10) / 10) : fill(u.mb, mb));
  const priority = (value: number) => (value >= 10 ? u.highest : value > 0 ? u.higher : u.standard);
  const plans = PLANS.map((plan) => {
    const yearlyMinor = plan.prices?.year[currency];
    const monthlyMinor = plan.prices?.month[currency];
    return {
      id: plan.id,
      name: copy.plans[plan.id].name,
      summary: copy.plans[plan.id].summary,
      highlighted: plan.highlighted,
      monthly: monthlyMinor === undefined ? null : money(monthlyMinor),
      yearly: yearlyMinor === undefined ? null : money(yearlyMinor),
      yearlyPerMonth: yearlyMinor === undefined ? null : money(Math.round(yearlyMinor / 12)),
      savingPercent:
        yearlyMinor === undefined || monthlyMinor === undefined ? 0 : Math.round((1 - yearlyMinor / (monthlyMinor * 12)) * 100),
      highlights: [
        `${fill(copy.points, plan.comboDetail.pointsPerMonth)} ${copy.perMonth}`,
        `${copy.rows.maxVideoMinutesPerJob}${copy.separator}${fill(u.minutes, plan.comboDetail.maxVideoMinutesPerJob)}`,
        `${copy.rows.vtUseLimit}${copy.separator}${plan.vtUseLimit < 0 ? u.unlimited : plan.vtUseLimit}`,
        `${copy.rows.voiceCloneSlots}${copy.separator}${plan.comboDetail.voiceCloneSlots}`,
      ],
    };
  });
  const cell = (plan: (typeof PLANS)[number], row: keyof PricingCopy["rows"]): string => {
    const c = plan.comboDetail;
    switch (row) {
      case "pointsPerMonth":
        return c.pointsPerMonth.toLocaleString("en-US");
      case "maxVideoMinutesPerJob":
        return fill(u.minutes, c.maxVideoMinutesPerJob);
      case "voiceCloneSlots":
        return String(c.voiceCloneSlots);
      case "concurrentJobs":
        return String(c.concurrentJobs);
      case "waitingJobs":
        return String(c.waitingJobs);
      case "imageLimits":
      case "videoFrameLimits":
        return u.picture.replace("{side}", c[row].maxSide.toLocaleString("en-US")).replace("{mp}", String(Math.round(c[row].maxPixels / 100_000) / 10));
      case "uploadSizeMb":
        return size(c.uploadSizeMb);
      case "storageQuotaMb":
        return size(c.storageQuotaMb);
      case "maxTtsCharacters":
        return c.maxTtsCharacters.toLocaleString("en-US");
      case "watermarkFree":
        return c.watermarkFree ? u.yes : u.no;
      case "queuePriority":
        return priority(c.queuePriority);
      case "retentionDays":
        return fill(u.days, c.retentionDays);
      case "vtUseLimit":
        return plan.vtUseLimit < 0 ? u.unlimited : String(plan.vtUseLimit);
    }
  };
  const rows = (Object.keys(copy.rows) as (keyof PricingCopy["rows"])[]).map((row) => ({
    label: copy.rows[row],
    values: PLANS.map((plan) => cell(plan, row)),
  }));
  const packs = POINT_PACKS.map((pack) => ({ id: pack.id, points: fill(copy.points, pack.points), price: money(pack.prices[currency]) }));
  const maxSaving = Math.max(...plans.map((plan) => plan.savingPercent));
  const { plans: _names, rows: _rows, units: _units, ...labels } = copy;
  return { labels: { ...labels, saveUpTo: copy.saveUpTo.replace("{percent}", String(maxSaving)) }, plans, rows, packs };
}

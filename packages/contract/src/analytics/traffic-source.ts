/**
 * Traffic source of spec §9: where a visit came from, from the referrer and the landing URL's
 * `utm_medium`, `utm_source` and click-id parameters. Pure and table-driven: the tables below are
 * the rules; `traffic-source.test.ts` checks them case by case.
 *
 * Order of precedence: an explicit utm_medium, then click ids, then utm_source alone, then the
 * referrer's host, then `direct`.
 */

export const TRAFFIC_SOURCES = [
  'direct',
  'own_media',
  'paid_search',
  'paid_social',
  'organic_search',
  'social',
  'email',
  'referral',
] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export interface TrafficSourceInput {
  /** `document.referrer` ('' when none). */
  referrer: string;
  /** The landing page's full URL. */
  landingUrl: string;
  /** Hosts that are ours (the site itself, its apps and blogs): a referrer from them is `own_media`. */
  ownHosts?: readonly string[];
  /** WeChat's in-app browser often sends no referrer; its user agent says `MicroMessenger`. */
  userAgent?: string;
}

export interface TrafficSourceResult {
  source: TrafficSource;
  /** The platform when known (`google`, `baidu`, `wechat`, …), else the utm_source or referrer host. */
  name: string | null;
  /** Which rule decided, for debugging and the report. */
  rule: 'utm_medium' | 'click_id' | 'utm_source' | 'referrer' | 'user_agent' | 'none';
  utm: { source?: string; medium?: string; campaign?: string; term?: string; content?: string };
  clickId?: string;
}

/** Click-id parameters and what they mean. Search ads first, then social ads, then social shares. */
export const CLICK_IDS: readonly { param: string; source: TrafficSource; name: string }[] = [
  { param: 'gclid', source: 'paid_search', name: 'google' },
  { param: 'gbraid', source: 'paid_search', name: 'google' },
  { param: 'wbraid', source: 'paid_search', name: 'google' },
  { param: 'dclid', source: 'paid_search', name: 'google' },
  { param: 'msclkid', source: 'paid_search', name: 'bing' },
  { param: 'yclid', source: 'paid_search', name: 'yandex' },
  { param: 'bd_vid', source: 'paid_search', name: 'baidu' },
  { param: 'qhclickid', source: 'paid_search', name: '360' },
  { param: 'ttclid', source: 'paid_social', name: 'tiktok' },
  { param: 'twclid', source: 'paid_social', name: 'twitter' },
  { param: 'li_fat_id', source: 'paid_social', name: 'linkedin' },
  { param: 'ScCid', source: 'paid_social', name: 'snapchat' },
  { param: 'epik', source: 'paid_social', name: 'pinterest' },
  { param: 'rdt_cid', source: 'paid_social', name: 'reddit' },
  { param: 'gdt_vid', source: 'paid_social', name: 'tencent_ads' },
  { param: 'clickid', source: 'paid_social', name: 'oceanengine' },
  // Facebook appends fbclid to every outbound link, paid or not: on its own it means social.
  { param: 'fbclid', source: 'social', name: 'facebook' },
];

/** utm_medium values (lower case) and their class; a `*` entry matches by prefix. */
const MEDIUM_TABLE: readonly [RegExp, TrafficSource | 'paid'][] = [
  [/^(paid[_-]?social|social[_-]?paid|social[_-]?ads?|paidsocial|cpm[_-]?social)$/, 'paid_social'],
  [/^(cpc|ppc|cpa|cpm|cpv|cpt|paid|paid[_-]?search|paidsearch|sem|search[_-]?ads?|ads?|display|banner|retargeting|remarketing)$/, 'paid'],
  [/^(e-?mail|e_mail|newsletter|edm|mail)$/, 'email'],
  [/^(social|social[_-]?network|social[_-]?media|sm|organic[_-]?social|sns)$/, 'social'],
  [/^(organic|seo|organic[_-]?search)$/, 'organic_search'],
  [/^(own[_-]?media|owned|owned[_-]?media|own|internal|app|in[_-]?app|push|sms)$/, 'own_media'],
  [/^(referral|affiliate|partner|kol|influencer)$/, 'referral'],
];

/** Known platforms by host suffix. The host matches when it equals the suffix or ends with `.` + suffix. */
export const PLATFORM_HOSTS: readonly { hosts: readonly string[]; name: string; kind: 'search' | 'social' | 'email' }[] = [
  // Search engines
  { hosts: ['google.com', 'google.co.uk', 'google.co.jp', 'google.com.hk', 'google.de', 'google.fr', 'google.ca', 'google.com.au', 'google.co.in', 'google.com.sg', 'google.com.tw'], name: 'google', kind: 'search' },
  { hosts: ['bing.com', 'cn.bing.com'], name: 'bing', kind: 'search' },
  { hosts: ['search.yahoo.com', 'search.yahoo.co.jp'], name: 'yahoo', kind: 'search' },
  { hosts: ['duckduckgo.com'], name: 'duckduckgo', kind: 'search' },
  { hosts: ['yandex.ru', 'yandex.com'], name: 'yandex', kind: 'search' },
  { hosts: ['ecosia.org'], name: 'ecosia', kind: 'search' },
  { hosts: ['search.naver.com'], name: 'naver', kind: 'search' },
  { hosts: ['search.brave.com'], name: 'brave', kind: 'search' },
  { hosts: ['baidu.com'], name: 'baidu', kind: 'search' },
  { hosts: ['sogou.com'], name: 'sogou', kind: 'search' },
  { hosts: ['so.com', 'haosou.com'], name: '360', kind: 'search' },
  { hosts: ['sm.cn', 'yz.m.sm.cn'], name: 'shenma', kind: 'search' },
  { hosts: ['toutiao.com', 'so.toutiao.com'], name: 'toutiao', kind: 'search' },
  // Webmail (before social: mail.qq.com is not QQ social)
  { hosts: ['mail.google.com', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.yahoo.com', 'mail.qq.com', 'exmail.qq.com', 'mail.163.com', 'mail.126.com', 'mail.sina.com.cn', 'mail.aliyun.com', 'mail.proton.me'], name: 'webmail', kind: 'email' },
  // Social platforms
  { hosts: ['facebook.com', 'fb.com', 'm.facebook.com', 'l.facebook.com', 'lm.facebook.com', 'messenger.com'], name: 'facebook', kind: 'social' },
  { hosts: ['instagram.com', 'l.instagram.com'], name: 'instagram', kind: 'social' },
  { hosts: ['twitter.com', 'x.com', 't.co'], name: 'twitter', kind: 'social' },
  { hosts: ['linkedin.com', 'lnkd.in'], name: 'linkedin', kind: 'social' },
  { hosts: ['reddit.com', 'redd.it'], name: 'reddit', kind: 'social' },
  { hosts: ['youtube.com', 'youtu.be'], name: 'youtube', kind: 'social' },
  { hosts: ['tiktok.com'], name: 'tiktok', kind: 'social' },
  { hosts: ['pinterest.com', 'pin.it'], name: 'pinterest', kind: 'social' },
  { hosts: ['discord.com', 'discord.gg'], name: 'discord', kind: 'social' },
  { hosts: ['t.me', 'telegram.org'], name: 'telegram', kind: 'social' },
  { hosts: ['quora.com'], name: 'quora', kind: 'social' },
  { hosts: ['weixin.qq.com', 'mp.weixin.qq.com', 'wx.qq.com', 'wechat.com'], name: 'wechat', kind: 'social' },
  { hosts: ['weibo.com', 'weibo.cn', 't.cn'], name: 'weibo', kind: 'social' },
  { hosts: ['douyin.com', 'iesdouyin.com'], name: 'douyin', kind: 'social' },
  { hosts: ['xiaohongshu.com', 'xhslink.com'], name: 'xiaohongshu', kind: 'social' },
  { hosts: ['bilibili.com', 'b23.tv'], name: 'bilibili', kind: 'social' },
  { hosts: ['zhihu.com'], name: 'zhihu', kind: 'social' },
  { hosts: ['kuaishou.com'], name: 'kuaishou', kind: 'social' },
  { hosts: ['qq.com', 'qzone.qq.com'], name: 'qq', kind: 'social' },
  { hosts: ['douban.com'], name: 'douban', kind: 'social' },
];

/** utm_source values (lower case) that name a platform: the key is the value, the entry the platform. */
const SOURCE_ALIASES: Readonly<Record<string, string>> = {
  google: 'google', bing: 'bing', yahoo: 'yahoo', duckduckgo: 'duckduckgo', yandex: 'yandex', baidu: 'baidu', sogou: 'sogou',
  '360': '360', so: '360', qihoo: '360', shenma: 'shenma', sm: 'shenma', toutiao: 'toutiao', naver: 'naver',
  facebook: 'facebook', fb: 'facebook', meta: 'facebook', instagram: 'instagram', ig: 'instagram', twitter: 'twitter', x: 'twitter',
  linkedin: 'linkedin', reddit: 'reddit', youtube: 'youtube', yt: 'youtube', tiktok: 'tiktok', pinterest: 'pinterest',
  discord: 'discord', telegram: 'telegram', quora: 'quora', wechat: 'wechat', weixin: 'wechat', wx: 'wechat', weibo: 'weibo',
  douyin: 'douyin', xiaohongshu: 'xiaohongshu', xhs: 'xiaohongshu', rednote: 'xiaohongshu', bilibili: 'bilibili', zhihu: 'zhihu',
  kuaishou: 'kuaishou', qq: 'qq', douban: 'douban',
  newsletter: 'email', email: 'email', mailchimp: 'email', sendgrid: 'email', edm: 'email',
};

function platformKind(name: string): 'search' | 'social' | 'email' | undefined {
  if (name === 'email') return 'email';
  return PLATFORM_HOSTS.find((platform) => platform.name === name)?.kind;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

function hostMatches(host: string, suffix: string): boolean {
  return host === suffix || host.endsWith(`.${suffix}`);
}

/** Platform behind a host; the most specific (longest) suffix wins, so mail.qq.com is webmail, not QQ. */
export function platformForHost(host: string): (typeof PLATFORM_HOSTS)[number] | undefined {
  let best: { platform: (typeof PLATFORM_HOSTS)[number]; length: number } | undefined;
  for (const platform of PLATFORM_HOSTS) {
    for (const suffix of platform.hosts) {
      if (hostMatches(host, suffix) && (!best || suffix.length > best.length)) best = { platform, length: suffix.length };
    }
  }
  // Regional Google and Yahoo search domains (google.es, google.com.br, …).
  if (!best && /(^|\.)google\.[a-z.]{2,6}$/.test(host)) return PLATFORM_HOSTS[0];
  return best?.platform;
}

export function classifyTrafficSource(input: TrafficSourceInput): TrafficSourceResult {
  let params: URLSearchParams;
  try {
    params = new URL(input.landingUrl).searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const read = (key: string) => params.get(key)?.trim() || undefined;
  const utm = {
    source: read('utm_source'),
    medium: read('utm_medium'),
    campaign: read('utm_campaign'),
    term: read('utm_term'),
    content: read('utm_content'),
  };
  const cleanUtm = Object.fromEntries(Object.entries(utm).filter(([, value]) => value !== undefined)) as TrafficSourceResult['utm'];
  const utmSource = utm.source?.toLowerCase();
  const sourcePlatform = utmSource ? SOURCE_ALIASES[utmSource] : undefined;
  const sourceKind = sourcePlatform ? platformKind(sourcePlatform) : undefined;
  const clickId = CLICK_IDS.find((entry) => read(entry.param) !== undefined);
  const result = (source: TrafficSource, name: string | null, rule: TrafficSourceResult['rule']): TrafficSourceResult => ({
    source,
    name,
    rule,
    utm: cleanUtm,
    ...(clickId ? { clickId: clickId.param } : {}),
  });

  // 1. An explicit medium decides; the source only tells paid search from paid social.
  const medium = utm.medium?.toLowerCase();
  if (medium) {
    const match = MEDIUM_TABLE.find(([pattern]) => pattern.test(medium));
    if (match) {
      const kind = match[1];
      const name = sourcePlatform ?? utmSource ?? clickId?.name ?? null;
      if (kind === 'paid') {
        const social = sourceKind === 'social' || clickId?.source === 'paid_social' || clickId?.source === 'social';
        return result(social ? 'paid_social' : 'paid_search', name, 'utm_medium');
      }
      if (kind === 'social' && clickId && clickId.source === 'paid_social') return result('paid_social', name, 'utm_medium');
      return result(kind, name, 'utm_medium');
    }
  }

  // 2. Click ids.
  if (clickId) return result(clickId.source, clickId.name, 'click_id');

  // 3. utm_source alone (or with an unknown medium).
  if (utmSource) {
    if (sourceKind === 'email') return result('email', sourcePlatform ?? utmSource, 'utm_source');
    if (sourceKind === 'social') return result('social', sourcePlatform!, 'utm_source');
    if (sourceKind === 'search') return result('organic_search', sourcePlatform!, 'utm_source');
    const own = (input.ownHosts ?? []).some((host) => hostMatches(utmSource, host.toLowerCase()));
    return result(own ? 'own_media' : 'referral', utmSource, 'utm_source');
  }

  // 4. The referrer.
  const referrerHost = input.referrer ? hostOf(input.referrer) : undefined;
  if (referrerHost) {
    const landingHost = hostOf(input.landingUrl);
    const ownHosts = [...(input.ownHosts ?? []), ...(landingHost ? [landingHost] : [])].map((host) => host.toLowerCase().replace(/^www\./, ''));
    if (ownHosts.some((host) => hostMatches(referrerHost, host))) return result('own_media', referrerHost, 'referrer');
    const platform = platformForHost(referrerHost);
    if (platform?.kind === 'search') return result('organic_search', platform.name, 'referrer');
    if (platform?.kind === 'social') return result('social', platform.name, 'referrer');
    if (platform?.kind === 'email') return result('email', platform.name, 'referrer');
    return result('referral', referrerHost, 'referrer');
  }

  // 5. No referrer: WeChat's in-app browser strips it.
  if (input.userAgent && /MicroMessenger/i.test(input.userAgent)) return result('social', 'wechat', 'user_agent');
  return result('direct', null, 'none');
}

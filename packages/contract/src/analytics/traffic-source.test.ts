import { describe, expect, it } from 'vitest';
import { classifyTrafficSource, type TrafficSource } from './traffic-source.ts';

const SITE = 'https://voxwork.ai';
const land = (query = '', path = '/') => `${SITE}${path}${query ? `?${query}` : ''}`;

/** [case, referrer, landing URL, expected class, expected name] */
const cases: [string, string, string, TrafficSource, string | null][] = [
  // direct
  ['no referrer, no parameters', '', land(), 'direct', null],
  ['unparseable landing URL', '', 'not a url', 'direct', null],
  // own media
  ['referrer on our own site', `${SITE}/pricing`, land(), 'own_media', 'voxwork.ai'],
  ['referrer on an own host (blog)', 'https://blog.voxwork.ai/post/1', land(), 'own_media', 'blog.voxwork.ai'],
  ['utm_medium=owned', '', land('utm_source=app&utm_medium=owned'), 'own_media', 'app'],
  ['utm_medium=push', '', land('utm_source=ios&utm_medium=push'), 'own_media', 'ios'],
  // paid search
  ['gclid', 'https://www.google.com/', land('gclid=abc'), 'paid_search', 'google'],
  ['gbraid', '', land('gbraid=abc'), 'paid_search', 'google'],
  ['wbraid', '', land('wbraid=abc'), 'paid_search', 'google'],
  ['msclkid (Bing ads)', 'https://www.bing.com/', land('msclkid=abc'), 'paid_search', 'bing'],
  ['yclid (Yandex ads)', '', land('yclid=1'), 'paid_search', 'yandex'],
  ['bd_vid (Baidu ads)', 'https://www.baidu.com/', land('bd_vid=1'), 'paid_search', 'baidu'],
  ['qhclickid (360 ads)', '', land('qhclickid=1'), 'paid_search', '360'],
  ['utm_medium=cpc from google', '', land('utm_source=google&utm_medium=cpc'), 'paid_search', 'google'],
  ['utm_medium=ppc from baidu', '', land('utm_source=baidu&utm_medium=ppc'), 'paid_search', 'baidu'],
  ['utm_medium=sem from sogou', '', land('utm_source=sogou&utm_medium=sem'), 'paid_search', 'sogou'],
  ['utm_medium=paid, unknown source', '', land('utm_source=somewhere&utm_medium=paid'), 'paid_search', 'somewhere'],
  ['medium case does not matter', '', land('utm_source=Google&utm_medium=CPC'), 'paid_search', 'google'],
  // paid social
  ['ttclid (TikTok ads)', 'https://www.tiktok.com/', land('ttclid=1'), 'paid_social', 'tiktok'],
  ['twclid (X ads)', '', land('twclid=1'), 'paid_social', 'twitter'],
  ['li_fat_id (LinkedIn ads)', '', land('li_fat_id=1'), 'paid_social', 'linkedin'],
  ['utm_medium=cpc from facebook', '', land('utm_source=facebook&utm_medium=cpc'), 'paid_social', 'facebook'],
  ['utm_medium=paid_social', '', land('utm_source=newsfeed&utm_medium=paid_social'), 'paid_social', 'newsfeed'],
  ['utm_medium=cpm from douyin', '', land('utm_source=douyin&utm_medium=cpm'), 'paid_social', 'douyin'],
  ['utm_medium=cpc from xiaohongshu (xhs)', '', land('utm_source=xhs&utm_medium=cpc'), 'paid_social', 'xiaohongshu'],
  ['utm_medium=paid with fbclid', '', land('utm_medium=paid&fbclid=1'), 'paid_social', 'facebook'],
  // organic search
  ['google referrer', 'https://www.google.com/', land(), 'organic_search', 'google'],
  ['regional google', 'https://www.google.es/', land(), 'organic_search', 'google'],
  ['bing referrer', 'https://cn.bing.com/search?q=voxwork', land(), 'organic_search', 'bing'],
  ['duckduckgo referrer', 'https://duckduckgo.com/', land(), 'organic_search', 'duckduckgo'],
  ['baidu referrer', 'https://www.baidu.com/link?url=x', land(), 'organic_search', 'baidu'],
  ['baidu mobile referrer', 'https://m.baidu.com/', land(), 'organic_search', 'baidu'],
  ['sogou referrer', 'https://www.sogou.com/web?query=x', land(), 'organic_search', 'sogou'],
  ['360 search referrer', 'https://www.so.com/s?q=x', land(), 'organic_search', '360'],
  ['shenma referrer', 'https://m.sm.cn/s?q=x', land(), 'organic_search', 'shenma'],
  ['utm_medium=organic', '', land('utm_source=google&utm_medium=organic'), 'organic_search', 'google'],
  ['utm_source=baidu alone', '', land('utm_source=baidu'), 'organic_search', 'baidu'],
  // social
  ['facebook referrer', 'https://l.facebook.com/', land(), 'social', 'facebook'],
  ['fbclid alone', '', land('fbclid=abc'), 'social', 'facebook'],
  ['t.co referrer', 'https://t.co/xyz', land(), 'social', 'twitter'],
  ['x.com referrer', 'https://x.com/voxwork', land(), 'social', 'twitter'],
  ['youtube referrer', 'https://www.youtube.com/', land(), 'social', 'youtube'],
  ['reddit referrer', 'https://old.reddit.com/r/x', land(), 'social', 'reddit'],
  ['wechat article referrer', 'https://mp.weixin.qq.com/s/abc', land(), 'social', 'wechat'],
  ['weibo referrer', 'https://weibo.com/u/1', land(), 'social', 'weibo'],
  ['weibo short link', 'https://t.cn/abc', land(), 'social', 'weibo'],
  ['douyin referrer', 'https://www.douyin.com/video/1', land(), 'social', 'douyin'],
  ['xiaohongshu referrer', 'https://www.xiaohongshu.com/explore/1', land(), 'social', 'xiaohongshu'],
  ['xiaohongshu short link', 'https://xhslink.com/a', land(), 'social', 'xiaohongshu'],
  ['bilibili referrer', 'https://www.bilibili.com/video/BV1', land(), 'social', 'bilibili'],
  ['bilibili short link', 'https://b23.tv/abc', land(), 'social', 'bilibili'],
  ['zhihu referrer', 'https://zhuanlan.zhihu.com/p/1', land(), 'social', 'zhihu'],
  ['utm_medium=social', '', land('utm_source=weibo&utm_medium=social'), 'social', 'weibo'],
  ['utm_source=wechat alone', '', land('utm_source=wechat'), 'social', 'wechat'],
  // email
  ['utm_medium=email', '', land('utm_source=newsletter&utm_medium=email&utm_campaign=launch'), 'email', 'email'],
  ['utm_medium=edm', '', land('utm_source=crm&utm_medium=edm'), 'email', 'crm'],
  ['utm_source=newsletter alone', '', land('utm_source=newsletter'), 'email', 'email'],
  ['gmail referrer', 'https://mail.google.com/', land(), 'email', 'webmail'],
  ['QQ mail referrer (not QQ social)', 'https://mail.qq.com/cgi-bin/frame', land(), 'email', 'webmail'],
  ['163 mail referrer', 'https://mail.163.com/', land(), 'email', 'webmail'],
  // referral
  ['other website', 'https://news.ycombinator.com/item?id=1', land(), 'referral', 'news.ycombinator.com'],
  ['utm_medium=referral', '', land('utm_source=partner.com&utm_medium=referral'), 'referral', 'partner.com'],
  ['utm_medium=affiliate', '', land('utm_source=kol123&utm_medium=affiliate'), 'referral', 'kol123'],
  ['unknown utm_source, no medium', '', land('utm_source=producthunt'), 'referral', 'producthunt'],
  ['unknown medium falls back to the source', '', land('utm_source=producthunt&utm_medium=launch'), 'referral', 'producthunt'],
  ['utm beats the referrer', 'https://www.google.com/', land('utm_source=newsletter&utm_medium=email'), 'email', 'email'],
];

describe('classifyTrafficSource', () => {
  it.each(cases)('%s', (_name, referrer, landingUrl, source, name) => {
    const result = classifyTrafficSource({ referrer, landingUrl, ownHosts: ['voxwork.ai'] });
    expect({ source: result.source, name: result.name }).toEqual({ source, name });
  });

  it('treats WeChat in-app browsers without a referrer as social', () => {
    const userAgent = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40';
    expect(classifyTrafficSource({ referrer: '', landingUrl: land(), userAgent }).source).toBe('social');
    expect(classifyTrafficSource({ referrer: '', landingUrl: land(), userAgent: 'Mozilla/5.0 Chrome/130' }).source).toBe('direct');
  });

  it('reports the utm values, the click id and the deciding rule', () => {
    const result = classifyTrafficSource({ referrer: '', landingUrl: land('utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=x') });
    expect(result).toEqual({
      source: 'paid_search',
      name: 'google',
      rule: 'utm_medium',
      utm: { source: 'google', medium: 'cpc', campaign: 'spring' },
      clickId: 'gclid',
    });
  });

  it('covers every class', () => {
    expect(new Set(cases.map((entry) => entry[3]))).toEqual(
      new Set(['direct', 'own_media', 'paid_search', 'paid_social', 'organic_search', 'social', 'email', 'referral']),
    );
  });
});

import type { voicesEn } from "./voices.en";

/**
 * 声音库（工具 `voices`），以及所有语音工具共用的声音选择器、声音卡片和标签（`components/voices/`）。
 * 键与 `voices.en.ts` 完全一致。
 */
export const voicesZh: typeof voicesEn = {
  quality: {
    localBasic: "本地 · 机械音",
    localStandard: "本地 · 清晰",
    localPremium: "本地 · 自然",
    remote: "神经网络（远程）",
    processing: "分析中…",
    failed: "分析失败",
  },
  gender: { female: "女声", male: "男声", neutral: "中性" },
  age: { child: "儿童", young: "青年", adult: "成年", senior: "老年" },
  voice: {
    play: "试听 {name}",
    stop: "停止试听 {name}",
    favorite: "收藏 {name}",
    unfavorite: "取消收藏 {name}",
    use: "使用此声音",
    select: "选择",
    selected: "已选择",
    cloned: "我的声音",
    previewFailed: "无法播放试听。",
    empty: "没有符合条件的声音，请减少筛选条件。",
    emptyMine: "您还没有克隆的声音。",
    emptyFavorites: "收藏声音后会显示在这里。",
    showing: "显示 {shown} / {total} 个声音",
    loadMore: "显示更多声音",
    engine: "引擎：{engine}",
    chooseVoice: "选择声音",
    changeVoice: "更换",
    noVoice: "尚未选择声音",
    chooseVoiceFirst: "请先选择声音。",
  },
  library: {
    title: "声音库",
    lead: "所有可用的声音：在我们服务器上运行的本地声音，以及已配置的远程引擎提供的神经网络声音。试听、收藏，并在文字转语音中使用。",
    tabsLabel: "声音范围",
    tabAll: "全部声音",
    tabMine: "我的声音",
    tabFavorites: "收藏",
    cloneVoice: "克隆声音",
    searchLabel: "搜索声音",
    searchPlaceholder: "按名称、口音、风格搜索…",
    filtersLabel: "筛选",
    clearFilters: "清除筛选",
    anyOption: "不限",
    filters: {
      language: "语言",
      gender: "性别",
      age: "年龄",
      accent: "口音",
      useCase: "用途",
      engineId: "引擎",
    },
    optionWithCount: "{label}（{count}）",
    pickerTitle: "选择声音",
    pickerDescription: "搜索声音库，或选择您克隆的声音。",
  },
};

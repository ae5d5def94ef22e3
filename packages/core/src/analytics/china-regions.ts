/**
 * Mainland China's provinces and main cities with their GB/T 2260 codes and Chinese names, keyed by
 * the English names DB-IP uses. The database has English names only; this table gives the codes of
 * spec §7 (`province_code`, `city_code`) and the zh names for the regions that matter most.
 */
export const CHINA_PROVINCES: readonly { code: string; en: string; zh: string; aliases?: readonly string[] }[] = [
  { code: '110000', en: 'Beijing', zh: '北京市' },
  { code: '120000', en: 'Tianjin', zh: '天津市' },
  { code: '130000', en: 'Hebei', zh: '河北省' },
  { code: '140000', en: 'Shanxi', zh: '山西省' },
  { code: '150000', en: 'Inner Mongolia', zh: '内蒙古自治区', aliases: ['nei mongol', 'nei menggu'] },
  { code: '210000', en: 'Liaoning', zh: '辽宁省' },
  { code: '220000', en: 'Jilin', zh: '吉林省' },
  { code: '230000', en: 'Heilongjiang', zh: '黑龙江省' },
  { code: '310000', en: 'Shanghai', zh: '上海市' },
  { code: '320000', en: 'Jiangsu', zh: '江苏省' },
  { code: '330000', en: 'Zhejiang', zh: '浙江省' },
  { code: '340000', en: 'Anhui', zh: '安徽省' },
  { code: '350000', en: 'Fujian', zh: '福建省' },
  { code: '360000', en: 'Jiangxi', zh: '江西省' },
  { code: '370000', en: 'Shandong', zh: '山东省' },
  { code: '410000', en: 'Henan', zh: '河南省' },
  { code: '420000', en: 'Hubei', zh: '湖北省' },
  { code: '430000', en: 'Hunan', zh: '湖南省' },
  { code: '440000', en: 'Guangdong', zh: '广东省' },
  { code: '450000', en: 'Guangxi', zh: '广西壮族自治区' },
  { code: '460000', en: 'Hainan', zh: '海南省' },
  { code: '500000', en: 'Chongqing', zh: '重庆市' },
  { code: '510000', en: 'Sichuan', zh: '四川省' },
  { code: '520000', en: 'Guizhou', zh: '贵州省' },
  { code: '530000', en: 'Yunnan', zh: '云南省' },
  { code: '540000', en: 'Tibet', zh: '西藏自治区', aliases: ['xizang'] },
  { code: '610000', en: 'Shaanxi', zh: '陕西省' },
  { code: '620000', en: 'Gansu', zh: '甘肃省' },
  { code: '630000', en: 'Qinghai', zh: '青海省' },
  { code: '640000', en: 'Ningxia', zh: '宁夏回族自治区' },
  { code: '650000', en: 'Xinjiang', zh: '新疆维吾尔自治区' },
];

export const CHINA_CITIES: readonly { code: string; en: string; zh: string }[] = [
  { code: '110100', en: 'Beijing', zh: '北京市' },
  { code: '120100', en: 'Tianjin', zh: '天津市' },
  { code: '310100', en: 'Shanghai', zh: '上海市' },
  { code: '500100', en: 'Chongqing', zh: '重庆市' },
  { code: '130100', en: 'Shijiazhuang', zh: '石家庄市' },
  { code: '140100', en: 'Taiyuan', zh: '太原市' },
  { code: '150100', en: 'Hohhot', zh: '呼和浩特市' },
  { code: '210100', en: 'Shenyang', zh: '沈阳市' },
  { code: '210200', en: 'Dalian', zh: '大连市' },
  { code: '220100', en: 'Changchun', zh: '长春市' },
  { code: '230100', en: 'Harbin', zh: '哈尔滨市' },
  { code: '320100', en: 'Nanjing', zh: '南京市' },
  { code: '320200', en: 'Wuxi', zh: '无锡市' },
  { code: '320500', en: 'Suzhou', zh: '苏州市' },
  { code: '330100', en: 'Hangzhou', zh: '杭州市' },
  { code: '330200', en: 'Ningbo', zh: '宁波市' },
  { code: '330300', en: 'Wenzhou', zh: '温州市' },
  { code: '340100', en: 'Hefei', zh: '合肥市' },
  { code: '350100', en: 'Fuzhou', zh: '福州市' },
  { code: '350200', en: 'Xiamen', zh: '厦门市' },
  { code: '360100', en: 'Nanchang', zh: '南昌市' },
  { code: '370100', en: 'Jinan', zh: '济南市' },
  { code: '370200', en: 'Qingdao', zh: '青岛市' },
  { code: '410100', en: 'Zhengzhou', zh: '郑州市' },
  { code: '420100', en: 'Wuhan', zh: '武汉市' },
  { code: '430100', en: 'Changsha', zh: '长沙市' },
  { code: '440100', en: 'Guangzhou', zh: '广州市' },
  { code: '440300', en: 'Shenzhen', zh: '深圳市' },
  { code: '440600', en: 'Foshan', zh: '佛山市' },
  { code: '441900', en: 'Dongguan', zh: '东莞市' },
  { code: '450100', en: 'Nanning', zh: '南宁市' },
  { code: '460100', en: 'Haikou', zh: '海口市' },
  { code: '510100', en: 'Chengdu', zh: '成都市' },
  { code: '520100', en: 'Guiyang', zh: '贵阳市' },
  { code: '530100', en: 'Kunming', zh: '昆明市' },
  { code: '540100', en: 'Lhasa', zh: '拉萨市' },
  { code: '610100', en: "Xi'an", zh: '西安市' },
  { code: '620100', en: 'Lanzhou', zh: '兰州市' },
  { code: '630100', en: 'Xining', zh: '西宁市' },
  { code: '640100', en: 'Yinchuan', zh: '银川市' },
  { code: '650100', en: 'Urumqi', zh: '乌鲁木齐市' },
];

const simplify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b(province|sheng|shi|municipality|city|autonomous region|zizhiqu|hui|zhuang|uyghur|uygur|uighur)\b/g, '')
    .replace(/[^a-z' ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export function findChinaProvince(name: string | undefined) {
  if (!name) return undefined;
  const key = simplify(name);
  return CHINA_PROVINCES.find((province) => simplify(province.en) === key || province.aliases?.includes(key));
}

/** A city inside the given province (codes start with the province's two digits), so Suzhou, Anhui is not Suzhou, Jiangsu. */
export function findChinaCity(name: string | undefined, provinceCode: string | undefined) {
  if (!name || !provinceCode) return undefined;
  const key = simplify(name).replace(/'/g, '');
  return CHINA_CITIES.find((city) => simplify(city.en).replace(/'/g, '') === key && city.code.slice(0, 2) === provinceCode.slice(0, 2));
}

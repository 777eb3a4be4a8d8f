import { z } from 'zod';

export const AreaPaths = {
  provinces: '/api/ccwadmin/commonArea/province',
} as const;

export interface ProvinceDef {
  /** GB/T 2260 code of the province (first two digits of an ID number or a division code). */
  code: string;
  name: string;
  nameEn: string;
  /** The one character that opens the province's plates (and is its short name). */
  plate: string;
  capital: string;
}

/** The 31 provincial divisions of mainland China, in GB/T 2260 order. */
export const PROVINCES: readonly ProvinceDef[] = [
  { code: '11', name: '北京市', nameEn: 'Beijing', plate: '京', capital: '北京' },
  { code: '12', name: '天津市', nameEn: 'Tianjin', plate: '津', capital: '天津' },
  { code: '13', name: '河北省', nameEn: 'Hebei', plate: '冀', capital: '石家庄' },
  { code: '14', name: '山西省', nameEn: 'Shanxi', plate: '晋', capital: '太原' },
  { code: '15', name: '内蒙古自治区', nameEn: 'Inner Mongolia', plate: '蒙', capital: '呼和浩特' },
  { code: '21', name: '辽宁省', nameEn: 'Liaoning', plate: '辽', capital: '沈阳' },
  { code: '22', name: '吉林省', nameEn: 'Jilin', plate: '吉', capital: '长春' },
  { code: '23', name: '黑龙江省', nameEn: 'Heilongjiang', plate: '黑', capital: '哈尔滨' },
  { code: '31', name: '上海市', nameEn: 'Shanghai', plate: '沪', capital: '上海' },
  { code: '32', name: '江苏省', nameEn: 'Jiangsu', plate: '苏', capital: '南京' },
  { code: '33', name: '浙江省', nameEn: 'Zhejiang', plate: '浙', capital: '杭州' },
  { code: '34', name: '安徽省', nameEn: 'Anhui', plate: '皖', capital: '合肥' },
  { code: '35', name: '福建省', nameEn: 'Fujian', plate: '闽', capital: '福州' },
  { code: '36', name: '江西省', nameEn: 'Jiangxi', plate: '赣', capital: '南昌' },
  { code: '37', name: '山东省', nameEn: 'Shandong', plate: '鲁', capital: '济南' },
  { code: '41', name: '河南省', nameEn: 'Henan', plate: '豫', capital: '郑州' },
  { code: '42', name: '湖北省', nameEn: 'Hubei', plate: '鄂', capital: '武汉' },
  { code: '43', name: '湖南省', nameEn: 'Hunan', plate: '湘', capital: '长沙' },
  { code: '44', name: '广东省', nameEn: 'Guangdong', plate: '粤', capital: '广州' },
  { code: '45', name: '广西壮族自治区', nameEn: 'Guangxi', plate: '桂', capital: '南宁' },
  { code: '46', name: '海南省', nameEn: 'Hainan', plate: '琼', capital: '海口' },
  { code: '50', name: '重庆市', nameEn: 'Chongqing', plate: '渝', capital: '重庆' },
  { code: '51', name: '四川省', nameEn: 'Sichuan', plate: '川', capital: '成都' },
  { code: '52', name: '贵州省', nameEn: 'Guizhou', plate: '贵', capital: '贵阳' },
  { code: '53', name: '云南省', nameEn: 'Yunnan', plate: '云', capital: '昆明' },
  { code: '54', name: '西藏自治区', nameEn: 'Tibet (Xizang)', plate: '藏', capital: '拉萨' },
  { code: '61', name: '陕西省', nameEn: 'Shaanxi', plate: '陕', capital: '西安' },
  { code: '62', name: '甘肃省', nameEn: 'Gansu', plate: '甘', capital: '兰州' },
  { code: '63', name: '青海省', nameEn: 'Qinghai', plate: '青', capital: '西宁' },
  { code: '64', name: '宁夏回族自治区', nameEn: 'Ningxia', plate: '宁', capital: '银川' },
  { code: '65', name: '新疆维吾尔自治区', nameEn: 'Xinjiang', plate: '新', capital: '乌鲁木齐' },
];

export const Province = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  plate: z.string().describe('the plate character (and short name) of the province'),
  capital: z.string(),
});
export type Province = z.infer<typeof Province>;

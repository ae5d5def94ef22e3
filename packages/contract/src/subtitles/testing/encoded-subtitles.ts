/**
 * Subtitle files as the tools that write them do: the same SRT in UTF-16 / UTF-32 with a byte
 * order mark, and in GB18030 (simplified Chinese), Big5 (traditional Chinese) and windows-1252
 * (French with accents). The legacy encodings' bytes were written by Python's codecs
 * (`text.encode('gb18030')`, …) and are kept here as hex: nothing in JavaScript encodes them.
 * For the decoder's unit tests, the API's integration test and the pages' end-to-end test.
 */

export const SIMPLIFIED_CHINESE_SRT = '1\n00:00:01,000 --> 00:00:03,000\n你终于回来了，我等了你很久。\n\n2\n00:00:03,500 --> 00:00:06,000\n对不起，当年的事情另有隐情。\n\n3\n00:00:06,500 --> 00:00:08,000\n明天晚上八点，我们在老地方见面。\n';
export const TRADITIONAL_CHINESE_SRT = '1\n00:00:01,000 --> 00:00:03,000\n你終於回來了，我等了你很久。\n\n2\n00:00:03,500 --> 00:00:06,000\n對不起，當年的事情另有隱情。\n\n3\n00:00:06,500 --> 00:00:08,000\n明天晚上八點，我們在老地方見面。\n';
export const FRENCH_SRT = '1\n00:00:01,000 --> 00:00:03,000\nÇa va très bien, merci. À demain !\n\n2\n00:00:03,500 --> 00:00:06,000\nLe café est déjà prêt, señor Müller.\n';

const hex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => Number.parseInt(pair, 16));

/** A string's UTF-16 code units, with a byte order mark. */
export function utf16WithBom(text: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array((text.length + 1) * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let index = 0; index < text.length; index += 1) view.setUint16((index + 1) * 2, text.charCodeAt(index), littleEndian);
  return bytes;
}

/** A string's code points as UTF-32, with a byte order mark. */
export function utf32WithBom(text: string, littleEndian: boolean): Uint8Array {
  const points = [0xfeff, ...Array.from(text, (character) => character.codePointAt(0)!)];
  const bytes = new Uint8Array(points.length * 4);
  const view = new DataView(bytes.buffer);
  points.forEach((point, index) => view.setUint32(index * 4, point, littleEndian));
  return bytes;
}

/** `SIMPLIFIED_CHINESE_SRT` in GB18030 (GBK for these characters). */
export const GB18030_SRT = hex('310a30303a30303a30312c303030202d2d3e2030303a30303a30332c3030300ac4e3d6d5d3dabbd8c0b4c1cba3acced2b5c8c1cbc4e3badcbec3a1a30a0a320a30303a30303a30332c353030202d2d3e2030303a30303a30362c3030300ab6d4b2bbc6f0a3acb5b1c4eab5c4cac2c7e9c1edd3d0d2fec7e9a1a30a0a330a30303a30303a30362c353030202d2d3e2030303a30303a30382c3030300ac3f7cceccdedc9cfb0cbb5e3a3acced2c3c7d4dac0cfb5d8b7bdbcfbc3e6a1a30a');
/** `TRADITIONAL_CHINESE_SRT` in Big5. */
export const BIG5_SRT = hex('310a30303a30303a30312c303030202d2d3e2030303a30303a30332c3030300aa741b2d7a9f3a65ea8d3a446a141a7dab5a5a446a741abdca45ba1430a0a320a30303a30303a30332c353030202d2d3e2030303a30303a30362c3030300ab9efa4a3b05fa141b7eda67eaabaa8c6b1a1a574a6b3c1f4b1a1a1430a0a330a30303a30303a30362c353030202d2d3e2030303a30303a30382c3030300aa9faa4d1b1dfa457a44bc249a141a7daadcca662a6d1a661a4e8a8a3adb1a1430a');
/** `FRENCH_SRT` in windows-1252. */
export const WINDOWS_1252_SRT = hex('310a30303a30303a30312c303030202d2d3e2030303a30303a30332c3030300ac761207661207472e873206269656e2c206d657263692e20c02064656d61696e20210a0a320a30303a30303a30332c353030202d2d3e2030303a30303a30362c3030300a4c6520636166e9206573742064e96ae0207072ea742c207365f16f72204dfc6c6c65722e0a');

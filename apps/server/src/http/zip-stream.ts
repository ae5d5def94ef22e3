import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** A file of a streamed zip: its path in the archive, its size as stored, and how to read it. */
export interface ZipEntry {
  name: string;
  size: number;
  open: () => Promise<AsyncIterable<Uint8Array>>;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** Bit 3: sizes and CRC follow the data (a data descriptor); bit 11: names are UTF-8. */
const FLAGS = 0x0808;

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

type Field = readonly [bytes: 2 | 4 | 8, value: number];

function header(fields: readonly Field[]): Buffer {
  const buffer = Buffer.alloc(fields.reduce((sum, [bytes]) => sum + bytes, 0));
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at);
    else if (bytes === 4) buffer.writeUInt32LE(value, at);
    else buffer.writeBigUInt64LE(BigInt(value), at);
    at += bytes;
  }
  return buffer;
}

/**
 * A zip archive of `entries`, written as it is read (nothing buffered beyond one chunk): stored,
 * not compressed (videos and subtitle files gain nothing from deflate), each entry's CRC in a data
 * descriptor after its bytes. Zip64 records are written where a size, an offset or the entry
 * count needs them, so a season of any size opens in `unzip`, Windows Explorer and macOS Archive Utility.
 */
export function zipStream(entries: readonly ZipEntry[], now = new Date()): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const { time, date } = dosTime(now);
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const zip64 = entry.size >= MAX32;
      const localOffset = offset;
      const local = Buffer.concat([
        header([[4, 0x04034b50], [2, zip64 ? 45 : 20], [2, FLAGS], [2, 0], [2, time], [2, date], [4, 0], [4, zip64 ? MAX32 : 0], [4, zip64 ? MAX32 : 0], [2, name.length], [2, zip64 ? 20 : 0]]),
        name,
        zip64 ? header([[2, 0x0001], [2, 16], [8, 0], [8, 0]]) : Buffer.alloc(0),
      ]);
      yield local;
      offset += local.length;
      let crc = 0;
      let size = 0;
      for await (const chunk of await entry.open()) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      }
      if (size !== entry.size) throw new Error(`zip: ${entry.name} has ${size} bytes, ${entry.size} were announced`);
      const descriptor = header([[4, 0x08074b50], [4, crc], ...((zip64 ? [[8, size], [8, size]] : [[4, size], [4, size]]) as Field[])]);
      yield descriptor;
      offset += size + descriptor.length;
      // The central record: a field that does not fit is 0xFFFFFFFF, its value in the zip64 extra (sizes, then offset).
      const bigOffset = localOffset >= MAX32;
      const extraFields: Field[] = [...(zip64 ? ([[8, size], [8, size]] as Field[]) : []), ...(bigOffset ? ([[8, localOffset]] as Field[]) : [])];
      const extra = extraFields.length ? header([[2, 0x0001], [2, extraFields.length * 8], ...extraFields]) : Buffer.alloc(0);
      central.push(
        Buffer.concat([
          header([
            [4, 0x02014b50], [2, 45], [2, zip64 || bigOffset ? 45 : 20], [2, FLAGS], [2, 0], [2, time], [2, date], [4, crc],
            [4, zip64 ? MAX32 : size], [4, zip64 ? MAX32 : size], [2, name.length], [2, extra.length], [2, 0], [2, 0], [2, 0], [4, 0], [4, bigOffset ? MAX32 : localOffset],
          ]),
          name,
          extra,
        ]),
      );
    }
    const directory = Buffer.concat(central);
    const directoryOffset = offset;
    yield directory;
    offset += directory.length;
    const needs64 = entries.length >= MAX16 || directoryOffset >= MAX32 || directory.length >= MAX32;
    if (needs64) {
      yield header([[4, 0x06064b50], [8, 44], [2, 45], [2, 45], [4, 0], [4, 0], [8, entries.length], [8, entries.length], [8, directory.length], [8, directoryOffset]]);
      yield header([[4, 0x07064b50], [4, 0], [8, offset], [4, 1]]);
    }
    yield header([
      [4, 0x06054b50], [2, 0], [2, 0], [2, needs64 ? MAX16 : entries.length], [2, needs64 ? MAX16 : entries.length],
      [4, needs64 ? MAX32 : directory.length], [4, needs64 ? MAX32 : directoryOffset], [2, 0],
    ]);
  }
  return Readable.from(generate(), { objectMode: false });
}

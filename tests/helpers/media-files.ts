// Media files built byte by byte after each format's specification: no audio/video encoder is
// installed here, and these headers are all that duration and dimension reading look at.

import {crc32, deflateSync} from 'node:zlib';

export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** ftyp + moov/mvhd (version 0) with `duration` ticks at `timescale`, then an mdat. */
export function mp4(timescale: number, duration: number, brand = 'isom', mdatFirst = false): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(duration, 16);
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\x02\0isom`, 'latin1'));
  const moov = box('moov', box('mvhd', mvhd));
  const mdat = box('mdat', Buffer.alloc(200));
  return mdatFirst ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]);
}

/** A 10-byte ID3v2.4 tag with a `size`-byte body. */
export function id3(size: number): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  header[8] = (size >> 7) & 0x7f;
  header[9] = size & 0x7f;
  return Buffer.concat([header, Buffer.alloc(size)]);
}

// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, joint stereo.
export const mp3Header = Buffer.from([0xff, 0xfb, 0x90, 0x44]);

export function xingFrame(frames: number): Buffer {
  const xing = Buffer.alloc(16);
  xing.write('Xing', 0, 'latin1');
  xing.writeUInt32BE(1, 4);
  xing.writeUInt32BE(frames, 8);
  return Buffer.concat([mp3Header, Buffer.alloc(32), xing, Buffer.alloc(300)]);
}

/** A complete PCM WAV file: 8 kHz, mono, 16-bit, `seconds` of silence. */
export function wav(seconds: number): Buffer {
  const data = Buffer.alloc(16000 * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** "fLaC" + STREAMINFO: 44.1 kHz, stereo, 16-bit, `samples` samples. */
export function flac(samples: number): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  info.writeBigUInt64BE((44100n << 44n) | (1n << 41n) | (15n << 36n) | BigInt(samples), 10);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), info]);
}

/** A valid RGB PNG stored without compression (zlib level 0): about `3 * width * height` bytes. */
export function storedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({length: height}, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, {level: 0})),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

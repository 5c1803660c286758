// Cheap format sniffing and duration reading from the first bytes of an audio or video file.
// Only what sits at the start of a file is read: an MP4 `mvhd` (when `moov` comes first), an MP3
// Xing/Info/VBRI header or a CBR frame with a known file size, a WAV `fmt `/`data` pair and a FLAC
// STREAMINFO. Anything else gives `null`: a guess would be worse than nothing.

/** Format name guessed from magic bytes (`mp4`, `m4a`, `mov`, `webm`, `mkv`, `ogg`, `mp3`, `wav`, `flac`), else `null`. */
export function sniffMediaType(bytes: Uint8Array): string | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return 'm4a';
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(0, Math.min(bytes.length, 64)).includes('webm') ? 'webm' : 'mkv';
  }
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 3) === 'ID3' || mp3Frame(bytes, 0) !== null) return 'mp3';
  return null;
}

/**
 * Duration in seconds read from the first bytes of an MP4/MOV, MP3, WAV or FLAC file; `size` (the
 * whole file's bytes, when known) lets a constant-bitrate MP3 be measured. `null` when unknown.
 */
export function mediaDuration(bytes: Uint8Array, size: number | null = null): number | null {
  const seconds = mp4Duration(bytes) ?? wavDuration(bytes) ?? flacDuration(bytes) ?? mp3Duration(bytes, size);
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
}

/** Human form of a duration in seconds: `42.5s`, `1m 5s`, `1h 2m 3s`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Number(seconds.toFixed(1))}s`;
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function mp4Duration(bytes: Uint8Array): number | null {
  const data = view(bytes);
  const findBox = (type: string, start: number, end: number): [number, number] | null => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = data.getUint32(offset);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return null;
        size = Number(data.getBigUint64(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header) return null;
      const name = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
      if (name === type) return [offset + header, Math.min(offset + size, end)];
      offset += size;
    }
    return null;
  };
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(4, 8)) !== 'ftyp') return null;
  const moov = findBox('moov', 0, bytes.length);
  const mvhd = moov && findBox('mvhd', moov[0], moov[1]);
  if (!mvhd) return null;
  const [start, end] = mvhd;
  const version = bytes[start];
  if (version === 1 && start + 32 <= end) {
    const timescale = data.getUint32(start + 20);
    const duration = Number(data.getBigUint64(start + 24));
    return timescale && duration !== Number.MAX_SAFE_INTEGER ? duration / timescale : null;
  }
  if (version === 0 && start + 20 <= end) {
    const timescale = data.getUint32(start + 12);
    const duration = data.getUint32(start + 16);
    // All ones means "unknown" (fragmented or live).
    return timescale && duration !== 0xffffffff ? duration / timescale : null;
  }
  return null;
}

function wavDuration(bytes: Uint8Array): number | null {
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'RIFF') return null;
  if (String.fromCharCode(...bytes.subarray(8, 12)) !== 'WAVE') return null;
  const data = view(bytes);
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = data.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 20 <= bytes.length) byteRate = data.getUint32(offset + 16, true);
    if (id === 'data') return byteRate && size !== 0xffffffff ? size / byteRate : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

function flacDuration(bytes: Uint8Array): number | null {
  // "fLaC", then the STREAMINFO block header (4 bytes) and its 34 bytes.
  if (bytes.length < 42 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'fLaC') return null;
  if ((bytes[4]! & 0x7f) !== 0) return null;
  const info = view(bytes.subarray(8, 42));
  const sampleRate = (info.getUint32(10) >>> 12) & 0xfffff;
  const totalSamples = (info.getUint8(13) & 0x0f) * 2 ** 32 + info.getUint32(14);
  return sampleRate && totalSamples ? totalSamples / sampleRate : null;
}

// Bitrates in kbit/s by [MPEG-1?][layer 1..3][index].
const bitrates: Record<'v1' | 'v2', number[][]> = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const sampleRates: Record<number, number[]> = {3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000]};

interface Mp3Frame {
  mpeg1: boolean;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  mono: boolean;
  samplesPerFrame: number;
}

function mp3Frame(bytes: Uint8Array, offset: number): Mp3Frame | null {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xe0) !== 0xe0) return null;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const version = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const rate = sampleRates[version]?.[(b2 >> 2) & 3];
  const bitrateIndex = b2 >> 4;
  // Layer bits 00 is reserved (and is how AAC's ADTS header begins): not MP3.
  if (layerBits === 0 || rate === undefined || bitrateIndex === 0 || bitrateIndex === 15) return null;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const mpeg1 = version === 3;
  const bitrate = bitrates[mpeg1 ? 'v1' : 'v2'][layer - 1]![bitrateIndex]!;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  return {mpeg1, layer, bitrate, sampleRate: rate, mono: bytes[offset + 3]! >> 6 === 3, samplesPerFrame};
}

function mp3Duration(bytes: Uint8Array, size: number | null): number | null {
  let offset = 0;
  if (bytes.length >= 10 && String.fromCharCode(...bytes.subarray(0, 3)) === 'ID3') {
    const tagSize = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    offset = 10 + tagSize + (bytes[5]! & 0x10 ? 10 : 0);
  }
  // After an ID3 tag some encoders pad before the first frame: look a little way for the sync.
  // Without a tag the frame must start the file, or random bytes of another format could match.
  const limit = offset === 0 ? 0 : Math.min(bytes.length - 4, offset + 4096);
  let frame: Mp3Frame | null = null;
  while (offset <= limit && !(frame = mp3Frame(bytes, offset))) offset++;
  if (!frame) return null;
  const data = view(bytes);
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = offset + 4 + sideInfo;
  const tag = xing + 8 <= bytes.length ? String.fromCharCode(...bytes.subarray(xing, xing + 4)) : '';
  if ((tag === 'Xing' || tag === 'Info') && data.getUint32(xing + 4) & 1 && xing + 12 <= bytes.length) {
    return (data.getUint32(xing + 8) * frame.samplesPerFrame) / frame.sampleRate;
  }
  const vbri = offset + 36;
  if (vbri + 18 <= bytes.length && String.fromCharCode(...bytes.subarray(vbri, vbri + 4)) === 'VBRI') {
    return (data.getUint32(vbri + 14) * frame.samplesPerFrame) / frame.sampleRate;
  }
  // No VBR header: a constant bitrate, so the audio bytes give the length. The next frame must
  // follow where this one says it ends (when it is within the bytes read), or this was no frame.
  const slot = frame.layer === 1 ? 4 : 1;
  const perSlot = frame.layer === 1 ? 12 : frame.layer === 3 && !frame.mpeg1 ? 72 : 144;
  const padding = (bytes[offset + 2]! >> 1) & 1;
  const next = offset + (Math.floor((perSlot * frame.bitrate * 1000) / frame.sampleRate) + padding) * slot;
  if (next + 4 <= bytes.length && mp3Frame(bytes, next) === null) return null;
  return size !== null && size > offset ? ((size - offset) * 8) / (frame.bitrate * 1000) : null;
}

import {execFile, spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {LinkpeekError} from '../errors.js';

/** The video formats `screenshot.animated` encodes, each with the ffmpeg encoder it needs. */
const codecs = {
  mp4: {encoder: 'libx264', codec: 'h264'},
  webm: {encoder: 'libvpx', codec: 'vp8'},
} as const;

/** What the screencast frames become: the output file, its format, frame rate and size cap. */
export interface EncodeTarget {
  /** The file ffmpeg writes (in a temporary directory of the caller's). */
  path: string;
  type: 'mp4' | 'webm';
  fps: number;
  /** Bytes past which ffmpeg stops (`-fs`): the video is then shorter. */
  maxSize: number;
  /** Kills ffmpeg (SIGKILL) when it aborts. */
  signal: AbortSignal;
}

/** A running ffmpeg reading JPEG frames on its stdin. */
export interface RunningEncoder {
  /** Writes one frame; resolves once the pipe took it (backpressure). */
  write(frame: Buffer): Promise<void>;
  /** Ends the input and waits for ffmpeg to finish the file. @throws LinkpeekError ESCREENSHOT */
  finish(): Promise<void>;
  /** Kills ffmpeg if it still runs (a failed recording) and resolves once it is gone. */
  kill(): Promise<void>;
  /** The codec name of the output (`h264`, `vp8`). */
  codec: string;
}

// Encoders found per ffmpeg path: finding them runs ffmpeg once (~50 ms); the binary does not change
// under a running process. A failed look is not kept (ffmpeg may be installed meanwhile).
const found = new Map<string, Promise<Set<string>>>();

function encodersOf(ffmpegPath: string): Promise<Set<string>> {
  let encoders = found.get(ffmpegPath);
  if (!encoders) {
    encoders = new Promise<Set<string>>((resolve, reject) => {
      execFile(ffmpegPath, ['-hide_banner', '-encoders'], {timeout: 10_000, maxBuffer: 4 * 1024 * 1024}, (error, stdout) => {
        if (error) reject(error);
        else resolve(new Set([...stdout.matchAll(/^\s*V\S*\s+(\S+)/gm)].map((match) => match[1] as string)));
      });
    });
    found.set(ffmpegPath, encoders);
    encoders.catch(() => found.delete(ffmpegPath));
  }
  return encoders;
}

/** The error `screenshot.animated` fails with when no usable ffmpeg is found: what to install. */
export function missingEncoder(ffmpegPath: string, detail: string, cause?: unknown): LinkpeekError {
  const install = 'apt-get install ffmpeg';
  return new LinkpeekError(
    'EMISSINGDEP',
    `The \`screenshot.animated\` option needs ffmpeg (${detail}). Install it with \`${install}\` (Debian, Ubuntu), or set the provider's \`ffmpegPath\`.`,
    {cause, data: {package: 'ffmpeg', install, ffmpegPath}},
  );
}

/**
 * Checks that `ffmpegPath` runs and has the encoder `type` needs, before any page is opened.
 * @throws LinkpeekError EMISSINGDEP
 */
export async function assertEncoder(ffmpegPath: string, type: 'mp4' | 'webm'): Promise<void> {
  let encoders: Set<string>;
  try {
    encoders = await encodersOf(ffmpegPath);
  } catch (error) {
    const code = (error as {code?: unknown}).code;
    throw missingEncoder(ffmpegPath, code === 'ENOENT' || code === 'EACCES' ? `\`${ffmpegPath}\` was not found` : `\`${ffmpegPath}\` did not run`, error);
  }
  const {encoder} = codecs[type];
  if (!encoders.has(encoder)) throw missingEncoder(ffmpegPath, `\`${ffmpegPath}\` has no ${encoder} encoder for ${type}`);
}

/**
 * Starts ffmpeg turning JPEG frames (one per `1/fps` s, written to its stdin) into `target.path`:
 * H.264 in MP4 (yuv420p, faststart, so browsers play it) or VP8 in WebM, tuned for speed over
 * size, one thread (the machine is shared with the browser), even dimensions (yuv420p needs them).
 */
export function startEncoder(ffmpegPath: string, target: EncodeTarget): RunningEncoder {
  const {encoder, codec} = codecs[target.type];
  const output =
    target.type === 'mp4'
      ? ['-c:v', encoder, '-preset', 'ultrafast', '-tune', 'zerolatency', '-crf', '28', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4']
      : ['-c:v', encoder, '-deadline', 'realtime', '-cpu-used', '8', '-crf', '30', '-b:v', '1M', '-pix_fmt', 'yuv420p', '-f', 'webm'];
  const child: ChildProcessWithoutNullStreams = spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', String(target.fps), '-i', 'pipe:0'],
      ...['-an', '-threads', '1', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-r', String(target.fps)],
      ...output,
      ...['-fs', String(target.maxSize), '-y', target.path],
    ],
    {stdio: ['pipe', 'pipe', 'pipe'], signal: target.signal, killSignal: 'SIGKILL'},
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('utf8');
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  exited.catch(() => {});
  // ffmpeg that stopped at `-fs`, or died, closes its stdin: later writes fail with EPIPE, which is not an error here.
  child.stdin.on('error', () => {});
  return {
    codec,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited.catch(() => {});
    },
    write: (frame) =>
      new Promise<void>((resolve) => {
        if (child.stdin.destroyed || child.stdin.writableEnded) return resolve();
        child.stdin.write(frame, () => resolve());
      }),
    async finish() {
      child.stdin.end();
      const code = await exited.catch((error: unknown) => {
        throw new LinkpeekError('ESCREENSHOT', 'ffmpeg could not encode the recording.', {cause: error});
      });
      if (code !== 0) throw new LinkpeekError('ESCREENSHOT', 'ffmpeg could not encode the recording.', {cause: new Error(stderr.trim() || `exit code ${code}`)});
    },
  };
}

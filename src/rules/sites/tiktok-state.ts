import type {Snapshot} from '../../parse/parse-html.js';
import {perCall} from '../query.js';

/** What TikTok's embedded state says of the page's video, or of the profile the page is. */
export interface TikTokState {
  desc?: string;
  /** Seconds since 1970, as TikTok stores it (a number or a numeric string). */
  createTime?: number;
  nickname?: string;
  uniqueId?: string;
  cover?: string;
  /** A profile's bio. */
  signature?: string;
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function seconds(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{9,11}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) && number > 1e9 ? number : undefined;
}

/** A video (`itemStruct`, or an `ItemModule` entry, whose `author` is an object or the handle). */
function fromItem(item: Json, users?: Json): TikTokState {
  const author = object(item.author);
  const uniqueId = text(author?.uniqueId) ?? text(item.author);
  const user = uniqueId === undefined ? undefined : object(users?.[uniqueId]);
  const video = object(item.video);
  return {
    desc: text(item.desc), createTime: seconds(item.createTime),
    nickname: text(author?.nickname) ?? text(item.nickname) ?? text(user?.nickname), uniqueId,
    cover: text(video?.cover) ?? text(video?.originCover) ?? text(video?.dynamicCover),
  };
}

function fromUser(user: Json): TikTokState {
  return {nickname: text(user.nickname), uniqueId: text(user.uniqueId), signature: text(user.signature), cover: text(user.avatarLarger) ?? text(user.avatarMedium)};
}

/**
 * Reads the state of `__UNIVERSAL_DATA_FOR_REHYDRATION__` (2023–: `__DEFAULT_SCOPE__` →
 * `webapp.video-detail.itemInfo.itemStruct`, `webapp.user-detail.userInfo.user`) or `SIGI_STATE`
 * (2021–2023: `ItemModule[id]`, `UserModule.users[handle]`).
 */
function readState(snapshot: Snapshot): TikTokState | null {
  const raw = snapshot.marks?.['script#__UNIVERSAL_DATA_FOR_REHYDRATION__'] ?? snapshot.marks?.['script#SIGI_STATE'];
  if (raw === undefined) return null;
  let root: Json | undefined;
  try {
    root = object(JSON.parse(raw));
  } catch {
    return null;
  }
  if (root === undefined) return null;
  const scope = object(root.__DEFAULT_SCOPE__);
  if (scope !== undefined) {
    const item = object(object(object(scope['webapp.video-detail'])?.itemInfo)?.itemStruct);
    if (item !== undefined) return fromItem(item);
    const user = object(object(object(scope['webapp.user-detail'])?.userInfo)?.user);
    return user === undefined ? null : fromUser(user);
  }
  const items = object(root.ItemModule);
  const users = object(object(root.UserModule)?.users);
  const first = items === undefined ? undefined : object(Object.values(items)[0]);
  if (first !== undefined) return fromItem(first, users);
  const user = users === undefined ? undefined : object(Object.values(users)[0]);
  return user === undefined ? null : fromUser(user);
}

/** The page's TikTok state (parsed once per pickFields call, by the rules that share it), or `null` when it has none. */
export function tiktokState(snapshot: Snapshot): TikTokState | null {
  return perCall(snapshot, readState);
}

// Lobby and room data as the web app reads it (spec sections 3 and 7), normalised from the query
// API's answers so pages do not depend on every field's exact spelling.
import type { AppearanceDto } from '@murmur/contracts/collections';
import type { PageMeta } from '@murmur/contracts/paging';

export interface UserRef {
  uid: string;
  username: string;
  profilePicUrl?: string | null;
  /** The frame and badges they wear. */
  appearance?: AppearanceDto;
}

export interface LobbyCardData {
  lobbyId: string;
  title: string;
  tag: string;
  description: string;
  languages: string[];
  lobbyPhoto: string | null;
  mainCategoryId: string;
  backgroundId: string;
  isLive: boolean;
  kind: 'public' | 'private' | 'streaming';
  status: string;
  usersCount: number;
  requiredDiamonds: number;
  host: UserRef | null;
}

export interface LobbyMember extends UserRef {
  role: 'host' | 'cohost' | 'audience';
  seat: number | null;
  presence: 'active' | 'online' | 'offline';
  muted?: boolean;
  silenced?: boolean;
  isAdmin?: boolean;
  isOwner?: boolean;
}

export interface LobbyDetails extends LobbyCardData {
  ownerUid: string;
  hostUid: string | null;
  cohostUids: string[];
  adminUids: string[];
  members: LobbyMember[];
  queue: UserRef[];
  seatCount: number;
  pinnedMessage: string | null;
  rooms: RoomSummary[];
  viewer: { uid: string; inside: boolean; isStaff: boolean; blocked: boolean } | null;
  endedAt: string | null;
}

export interface RoomSummary {
  roomId: string;
  title: string;
  mins: number;
  requiredBalance: number;
  status: string;
  userCount: number;
  hostUid: string;
  endsAt: string | null;
}

export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

type Raw = Record<string, unknown>;
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function toUserRef(raw: unknown): UserRef | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Raw;
  const uid = str(r.uid);
  if (!uid) return null;
  const look = r.appearance as AppearanceDto | undefined;
  return { uid, username: str(r.username, uid.slice(0, 8)), profilePicUrl: (r.profilePicUrl ?? r.profilePic ?? null) as string | null, ...(look ? { appearance: look } : {}) };
}

export function toLobbyCard(raw: Raw): LobbyCardData {
  const info = (raw.info && typeof raw.info === 'object' ? raw.info : {}) as Raw;
  const pick = (k: string) => raw[k] ?? info[k];
  const users = raw.users;
  return {
    lobbyId: str(raw.lobbyId ?? raw.id),
    title: str(pick('title') ?? raw.name, 'Untitled lobby'),
    tag: str(pick('tag')),
    description: str(pick('description')),
    languages: arr(pick('languages')).filter((l): l is string => typeof l === 'string'),
    lobbyPhoto: (pick('lobbyPhoto') as string | null) ?? null,
    mainCategoryId: str(pick('mainCategoryId'), 'chatting'),
    backgroundId: str(pick('backgroundId'), 'bg-default'),
    isLive: pick('isLive') !== false,
    kind: (str(raw.kind, 'public') as LobbyCardData['kind']) ?? 'public',
    status: str(raw.status, 'started'),
    usersCount: Array.isArray(users) ? users.length : num(raw.userCount ?? users ?? raw.usersCount),
    requiredDiamonds: num(raw.requiredDiamonds ?? raw.requiredBalance),
    host: toUserRef(raw.host) ?? (raw.hostUid ? { uid: str(raw.hostUid), username: str(raw.hostUsername, 'Host'), profilePicUrl: (raw.hostProfilePicUrl as string) ?? null } : null),
  };
}

function toMember(raw: Raw): LobbyMember | null {
  const ref = toUserRef(raw);
  if (!ref) return null;
  const role = str(raw.role, 'audience');
  return {
    ...ref,
    role: role === 'host' || role === 'cohost' ? role : 'audience',
    seat: typeof raw.seat === 'number' ? raw.seat : null,
    presence: (str(raw.presence, 'active') as LobbyMember['presence']) ?? 'active',
    muted: raw.muted === true || raw.micMuted === true,
    silenced: raw.silenced === true,
    isAdmin: raw.isAdmin === true || (Array.isArray(raw.roleCodes) && raw.roleCodes.includes('lad')),
  };
}

export function toLobbyDetails(raw: Raw): LobbyDetails {
  const card = toLobbyCard(raw);
  const members = arr(raw.members ?? raw.users).map((m) => toMember(m as Raw)).filter((m): m is LobbyMember => m !== null);
  const hostUid = (raw.hostUid as string | null | undefined) ?? (typeof raw.host === 'object' && raw.host ? str((raw.host as Raw).uid) : null) ?? members.find((m) => m.role === 'host')?.uid ?? null;
  const cohostUids = arr(raw.cohostUids ?? raw.cohosts).map((c) => (typeof c === 'string' ? c : str((c as Raw)?.uid))).filter(Boolean);
  const adminUids = arr(raw.adminUids ?? raw.admins).map((c) => (typeof c === 'string' ? c : str((c as Raw)?.uid))).filter(Boolean);
  const ownerUid = str(raw.ownerUid);
  for (const m of members) {
    if (m.uid === hostUid) m.role = 'host';
    else if (cohostUids.includes(m.uid) && m.role === 'audience') m.role = 'cohost';
    if (adminUids.includes(m.uid)) m.isAdmin = true;
    if (m.uid === ownerUid) m.isOwner = true;
  }
  const queue = arr(raw.queue ?? raw.queueRequests ?? raw.micRequests).map((q) => (typeof q === 'string' ? { uid: q, username: members.find((m) => m.uid === q)?.username ?? q.slice(0, 8) } : toUserRef(q))).filter((q): q is UserRef => q !== null);
  return {
    ...card,
    usersCount: card.usersCount || members.filter((m) => m.presence !== 'offline').length,
    ownerUid,
    hostUid,
    cohostUids: cohostUids.length ? cohostUids : members.filter((m) => m.role === 'cohost').map((m) => m.uid),
    adminUids,
    members,
    queue,
    seatCount: Array.isArray(raw.seats) ? raw.seats.length : num(raw.seatCount, 8),
    pinnedMessage: (raw.pinnedMessage as string | null) ?? null,
    rooms: arr(raw.rooms) as RoomSummary[],
    viewer: (raw.me as LobbyDetails['viewer']) ?? null,
    endedAt: (raw.endedAt as string | null) ?? null,
  };
}

export function toPaged<T>(body: unknown, map: (r: Raw) => T): Paged<T> {
  const b = (body ?? {}) as Raw;
  const items = arr(Array.isArray(body) ? body : (b.items ?? b.lobbies ?? b.data)).map((r) => map(r as Raw));
  const meta = (b.meta as PageMeta | undefined) ?? { currentPage: 1, totalPages: 1, totalItems: items.length, itemCount: items.length };
  return { items, meta };
}

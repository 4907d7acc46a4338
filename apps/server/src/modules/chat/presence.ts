import type { Redis } from 'ioredis';

/** A socket counts as online this long after its last heartbeat: a process that died stops counting then. */
const TTL_MS = 90_000;
/** How often a process renews its own sockets' entries (well within the TTL). */
export const PRESENCE_HEARTBEAT_MS = 30_000;

const key = (userId: string) => `vault-chat:online:${userId}`;

/**
 * Who is online in chat: a member is online while at least one of their sockets is connected, in any
 * process. With Redis, each member has a sorted set of socket ids scored by when the entry lapses; every
 * process renews its sockets' entries (`heartbeat`), so the sockets of a process that died lapse on their
 * own instead of keeping a member online for ever. Without Redis a process is on its own, as its sockets
 * are, and a map in memory is the whole truth.
 */
export function createPresence(redis?: Redis) {
  const local = new Map<string, Set<string>>();

  return {
    /** A socket connected; true when it is the member's first (they just came online). */
    async connected(userId: string, socketId: string): Promise<boolean> {
      if (!redis) {
        const sockets = local.get(userId) ?? new Set<string>();
        local.set(userId, sockets);
        sockets.add(socketId);
        return sockets.size === 1;
      }
      const now = Date.now();
      const replies = await redis
        .multi()
        .zremrangebyscore(key(userId), '-inf', now)
        .zadd(key(userId), now + TTL_MS, socketId)
        .pexpire(key(userId), TTL_MS)
        .zcard(key(userId))
        .exec();
      return Number(replies?.[3]?.[1] ?? 0) === 1;
    },

    /** A socket disconnected; true when it was the member's last (they went offline). */
    async disconnected(userId: string, socketId: string): Promise<boolean> {
      if (!redis) {
        const sockets = local.get(userId);
        sockets?.delete(socketId);
        if (sockets?.size) return false;
        local.delete(userId);
        return true;
      }
      const now = Date.now();
      const replies = await redis
        .multi()
        .zrem(key(userId), socketId)
        .zremrangebyscore(key(userId), '-inf', now)
        .zcard(key(userId))
        .exec();
      return Number(replies?.[2]?.[1] ?? 0) === 0;
    },

    /** Renews this process's sockets (member id → socket ids) so they keep counting. */
    async heartbeat(sockets: Map<string, Set<string>>) {
      if (!redis || sockets.size === 0) return;
      const until = Date.now() + TTL_MS;
      const multi = redis.multi();
      for (const [userId, ids] of sockets) {
        for (const id of ids) multi.zadd(key(userId), until, id);
        multi.pexpire(key(userId), TTL_MS);
      }
      await multi.exec();
    },

    /** This process stops: its sockets (member id → socket ids) no longer count. */
    async leave(sockets: Map<string, Set<string>>) {
      for (const [userId, ids] of sockets) {
        if (!redis) local.get(userId)?.clear();
        else if (ids.size) await redis.zrem(key(userId), ...ids);
      }
    },

    /** Which of these members are online now. */
    async online(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      if (!redis) return new Set(userIds.filter((id) => local.get(id)?.size));
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const id of userIds) pipeline.zcount(key(id), now, '+inf');
      const counts = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, i) => Number(counts[i]?.[1] ?? 0) > 0));
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;

import { InputError } from '@gamut/core';
import { Redis } from 'ioredis';

/** Where the queue is: its URL, and how messages name it (the URL without its password). */
export interface QueueServer {
  url: string;
  shownAs: string;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** Whether a `--queue` value names a Redis server. */
export function isRedisUrl(value: string): boolean {
  return /^rediss?:\/\//i.test(value);
}

/**
 * Checks once that the server answers, so an unreachable Redis is reported
 * up front (exit 2, naming the URL as the caller shows it) instead of as
 * endless reconnects; BullMQ then opens connections of its own.
 */
export async function checkRedis(server: QueueServer): Promise<void> {
  if (!isRedisUrl(server.url)) {
    throw new InputError({
      rule: 'queue',
      file: server.shownAs,
      message: 'the queue must be a Redis URL, e.g. --queue redis://127.0.0.1:6379',
    });
  }
  const probe = new Redis(server.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {
    // Reported by connect() below.
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (e) {
    throw new InputError({
      rule: 'queue',
      file: server.shownAs,
      message: `cannot reach Redis (${e instanceof Error ? e.message : String(e)}); check that the server is running and that --queue names it`,
    });
  } finally {
    probe.disconnect();
  }
}

/** A connection for BullMQ: commands wait out a reconnect instead of failing (BullMQ requires it). */
export function openRedis(server: QueueServer): Redis {
  const redis = new Redis(server.url, { maxRetriesPerRequest: null });
  // ioredis reconnects by itself; without a listener a dropped connection would crash the process.
  redis.on('error', () => {});
  return redis;
}

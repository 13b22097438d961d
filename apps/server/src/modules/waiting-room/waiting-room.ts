/**
 * What a poll is answered from (decision 0267): per instance and product, a
 * snapshot of the rush and its queue, refreshed at most once a second (the
 * refresh is also the admission tick). A waiting visitor's poll reads no
 * row and writes none: their rank is in their token, or for the pre-queue
 * in the snapshot's map drawn once at the opening. Only an admitted visitor's
 * poll reads their entry, to hand them the pass.
 */
import { rushPhase, waitEstimateMinutes, type RushSettings } from '@kassa/domain/rules/rush';
import type { WaitingRoomStatus } from '@kassa/domain/contract/waiting-room';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rushEntries } from '../../db/schema.ts';
import { rushErrors } from './rush-errors.ts';
import { loadProductRushes, type ProductRush } from './rush-of.ts';
import { findQueue, joinQueue, tickQueue, TICK_MS, type QueueRow } from './rush-queue.ts';
import { rushKey, signRushToken, verifyQueueToken, type QueueTokenPayload } from './rush-tokens.ts';

/** How often a waiting page asks again. */
export const POLL_MS = 5000;

interface Snapshot {
  rush: ProductRush | null;
  queue: QueueRow | null;
  /** The pre-queue's ranks by entry id, once drawn (they never change after). */
  preQueueRanks: Map<number, number> | null;
}

interface Slot {
  at: number;
  snapshot: Promise<Snapshot>;
}

export interface WaitingRoomOptions {
  now: () => Date;
  /** Monotonic milliseconds for the refresh interval; replaceable in tests. */
  clock?: () => number;
  /** Default 1000 (TICK_MS); 0 refreshes on every call (tests). */
  refreshMs?: number;
}

export interface WaitingRoom {
  /** The product's rush as the snapshot has it. */
  rushFor(organisationId: number, productId: number): Promise<{ rush: ProductRush | null; over: boolean }>;
  join(organisationId: number, productId: number): Promise<{ token: string; status: WaitingRoomStatus }>;
  status(organisationId: number, token: string): Promise<WaitingRoomStatus>;
  /** Refreshes counted since start (the bench reads it). */
  refreshes(): number;
}

export function createWaitingRoom(db: Db, options: WaitingRoomOptions): WaitingRoom {
  const clock = options.clock ?? (() => performance.now());
  const refreshMs = options.refreshMs ?? TICK_MS;
  const slots = new Map<string, Slot>();
  let refreshCount = 0;
  let key: Promise<string> | undefined;
  const hmacKey = () => {
    if (!key) {
      const attempt = rushKey(db);
      key = attempt;
      attempt.catch(() => {
        if (key === attempt) key = undefined;
      });
    }
    return key;
  };

  async function refresh(
    organisationId: number,
    productId: number,
    previous: Snapshot | null,
  ): Promise<Snapshot> {
    refreshCount += 1;
    const now = options.now();
    const rush = (await loadProductRushes(db, organisationId, [productId])).get(productId) ?? null;
    if (!rush) return { rush: null, queue: null, preQueueRanks: null };
    let queue = await findQueue(db, organisationId, rush);
    if (queue && !queue.endedAt && rushPhase(rush.settings, now) === 'OPEN') {
      await tickQueue(db, queue.id, rush, now, { minIntervalMs: refreshMs });
      queue = await findQueue(db, organisationId, rush);
    }
    let preQueueRanks = previous?.queue?.id === queue?.id ? (previous?.preQueueRanks ?? null) : null;
    if (queue?.preQueueRanked && !preQueueRanks) {
      const rows = await db
        .select({ id: rushEntries.id, rank: rushEntries.rank })
        .from(rushEntries)
        .where(
          and(eq(rushEntries.queueId, queue.id), eq(rushEntries.preQueue, true), isNotNull(rushEntries.rank)),
        );
      preQueueRanks = new Map(rows.map((row) => [row.id, row.rank!]));
    }
    return { rush, queue, preQueueRanks };
  }

  function snapshot(organisationId: number, productId: number, fresh = false): Promise<Snapshot> {
    const name = `${organisationId}:${productId}`;
    const slot = slots.get(name);
    const t = clock();
    if (slot && !fresh && t - slot.at < refreshMs) return slot.snapshot;
    const previous = slot ? slot.snapshot.catch(() => null) : Promise.resolve(null);
    const next: Slot = { at: t, snapshot: previous.then((p) => refresh(organisationId, productId, p)) };
    next.snapshot.catch(() => {
      if (slots.get(name) === next) slots.delete(name);
    });
    slots.set(name, next);
    return next.snapshot;
  }

  function over(snap: Snapshot, now: Date): boolean {
    return !snap.rush || Boolean(snap.queue?.endedAt) || rushPhase(snap.rush.settings, now) === 'OVER';
  }

  function base(settings: RushSettings, productId: number): Omit<WaitingRoomStatus, 'state'> {
    return {
      productId,
      position: null,
      estimateMinutes: null,
      admitPerMinute: settings.admitPerMinute,
      opensAt: settings.opensAt,
      pass: null,
      passExpiresAt: null,
      pollAfterMs: POLL_MS,
    };
  }

  async function statusOf(organisationId: number, payload: QueueTokenPayload): Promise<WaitingRoomStatus> {
    const now = options.now();
    const snap = await snapshot(organisationId, payload.p);
    if (!snap.rush || (snap.queue && snap.queue.id !== payload.q)) {
      return {
        state: 'OVER',
        productId: payload.p,
        position: null,
        estimateMinutes: null,
        admitPerMinute: null,
        opensAt: snap.rush?.settings.opensAt ?? '',
        pass: null,
        passExpiresAt: null,
        pollAfterMs: 0,
      };
    }
    const { settings } = snap.rush;
    const shown = base(settings, payload.p);
    const rank = payload.k ?? snap.preQueueRanks?.get(payload.e) ?? null;
    const through = snap.queue?.admittedThrough ?? 0;
    if (rank !== null && rank <= through) {
      // Admitted: the one read of this visitor's entry, to hand over the pass.
      const [entry] = await db
        .select()
        .from(rushEntries)
        .where(and(eq(rushEntries.id, payload.e), eq(rushEntries.queueId, payload.q)));
      if (!entry) throw rushErrors.invalidToken();
      if (entry.status === 'USED') return { ...shown, state: 'USED', pollAfterMs: 0 };
      if (entry.passExpiresAt && entry.passExpiresAt > now) {
        const pass = signRushToken(await hmacKey(), {
          t: 'p',
          e: entry.id,
          q: entry.queueId,
          p: payload.p,
          x: entry.passExpiresAt.getTime(),
        });
        return {
          ...shown,
          state: 'ADMITTED',
          pass,
          passExpiresAt: entry.passExpiresAt.toISOString(),
          pollAfterMs: 0,
        };
      }
      if (entry.status === 'ADMITTED') return { ...shown, state: 'EXPIRED', pollAfterMs: 0 };
    }
    if (over(snap, now)) return { ...shown, state: 'OVER', pollAfterMs: 0 };
    if (rank === null) return { ...shown, state: 'PRE_QUEUE' };
    const position = rank - through;
    return {
      ...shown,
      state: 'WAITING',
      position,
      estimateMinutes: waitEstimateMinutes(position, settings.admitPerMinute),
    };
  }

  return {
    async rushFor(organisationId, productId) {
      const snap = await snapshot(organisationId, productId);
      return { rush: snap.rush, over: over(snap, options.now()) };
    },
    async join(organisationId, productId) {
      const snap = await snapshot(organisationId, productId);
      if (!snap.rush) throw rushErrors.notInRush();
      if (snap.queue?.endedAt) throw rushErrors.over();
      const joined = await joinQueue(db, organisationId, snap.rush, options.now());
      const payload: QueueTokenPayload = {
        t: 'q',
        e: joined.entryId,
        q: joined.queueId,
        p: productId,
        ...(joined.rank !== null ? { k: joined.rank } : {}),
      };
      const token = signRushToken(await hmacKey(), payload);
      // The first visitor made the queue: the snapshot must know it before their first poll.
      if (!snap.queue) await snapshot(organisationId, productId, true);
      return { token, status: await statusOf(organisationId, payload) };
    },
    async status(organisationId, token) {
      const payload = verifyQueueToken(await hmacKey(), token);
      if (!payload) throw rushErrors.invalidToken();
      return statusOf(organisationId, payload);
    },
    refreshes: () => refreshCount,
  };
}

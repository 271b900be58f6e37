import { eq } from 'drizzle-orm';
import type { Snapshot } from '@console/contracts';
import type { EngineIndex } from '@console/engine';
import type { Db } from '../../db/client';
import { snapshots } from '../../db/schema/index';
import type { SnapshotCompiler } from './compiler';
import { LruMap } from './lru';

/** Compiled indexes kept in memory: a few snapshots (those deployed and the newest ones). */
export const INDEX_CACHE_SIZE = 8;

/**
 * The compiled index of each snapshot, by snapshot id. A snapshot is immutable and the engine
 * deterministic, so any process rebuilds the same index from the stored snapshot on a miss; the
 * cache only saves the compile. Concurrent misses of one snapshot share one compile.
 */
export class IndexCache {
  private readonly indexes = new LruMap<string, Promise<EngineIndex>>(INDEX_CACHE_SIZE);

  constructor(
    private readonly db: Db,
    private readonly compiler: SnapshotCompiler,
  ) {}

  /** Compiles a snapshot off the request thread. */
  compile(snapshot: Snapshot): Promise<EngineIndex> {
    return this.compiler.compile(snapshot);
  }

  /** The index of a stored snapshot, compiled on a miss. */
  get(snapshotId: string): Promise<EngineIndex> {
    const cached = this.indexes.get(snapshotId);
    if (cached) return cached;
    const loading = this.load(snapshotId);
    this.indexes.set(snapshotId, loading);
    // A failed compile is not remembered: the next query tries again.
    loading.catch(() => {
      if (this.indexes.get(snapshotId) === loading) this.indexes.delete(snapshotId);
    });
    return loading;
  }

  /** Keeps an index compiled elsewhere (the sync that made the snapshot). */
  put(snapshotId: string, index: EngineIndex): void {
    this.indexes.set(snapshotId, Promise.resolve(index));
  }

  close(): Promise<void> {
    return this.compiler.close();
  }

  private async load(snapshotId: string): Promise<EngineIndex> {
    const [row] = await this.db.select({ data: snapshots.data }).from(snapshots).where(eq(snapshots.id, snapshotId)).limit(1);
    if (!row) throw new Error(`snapshot ${snapshotId} does not exist`);
    return this.compiler.compile(row.data);
  }
}

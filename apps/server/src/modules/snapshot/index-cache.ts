import { eq } from 'drizzle-orm';
import type { Snapshot } from '@console/contracts';
import { textsToEmbed, type EngineIndex } from '@console/engine';
import type { Db } from '../../db/client';
import { projects, snapshots } from '../../db/schema/index';
import type { SnapshotCompiler } from './compiler';
import type { TextEmbedder } from './embedder';
import { LruMap } from './lru';
import { vectorsOf, type VectorCounts } from './text-vectors';

/** Compiled indexes kept in memory: a few snapshots (those deployed and the newest ones). */
export const INDEX_CACHE_SIZE = 8;

/** A compiled snapshot, and how the vectors of its texts were found. */
interface Compiled {
  index: EngineIndex;
  vectors: VectorCounts;
}

/**
 * The compiled index of each snapshot, by snapshot id. A snapshot is immutable and the engine
 * deterministic, so any process rebuilds the same index from the stored snapshot on a miss; the
 * cache only saves the compile. Concurrent misses of one snapshot share one compile. A compile takes
 * the vectors of the snapshot's texts from the workspace's stored vectors (whichever process stored
 * them), embedding and storing only those missing.
 */
export class IndexCache {
  private readonly indexes = new LruMap<string, Promise<EngineIndex>>(INDEX_CACHE_SIZE);

  constructor(
    private readonly db: Db,
    private readonly compiler: SnapshotCompiler,
    private readonly embedder: TextEmbedder,
  ) {}

  /** Compiles a snapshot of a project of the workspace off the request thread, embedding the texts whose vectors are not stored yet. */
  async compile(snapshot: Snapshot, workspaceId: string): Promise<Compiled> {
    const { vectors, counts } = await vectorsOf(this.db, this.embedder, workspaceId, textsToEmbed(snapshot));
    return { index: await this.compiler.compile(snapshot, vectors), vectors: counts };
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

  async close(): Promise<void> {
    await Promise.all([this.compiler.close(), this.embedder.close()]);
  }

  private async load(snapshotId: string): Promise<EngineIndex> {
    const [row] = await this.db
      .select({ data: snapshots.data, workspaceId: projects.workspaceId })
      .from(snapshots)
      .innerJoin(projects, eq(projects.id, snapshots.projectId))
      .where(eq(snapshots.id, snapshotId))
      .limit(1);
    if (!row) throw new Error(`snapshot ${snapshotId} does not exist`);
    return (await this.compile(row.data, row.workspaceId)).index;
  }
}

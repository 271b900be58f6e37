import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { DEFAULT_DEPLOYMENT_NAMES, versionList, type ListQuery, type ListResponse, type Snapshot, type Version, type VersionCounts, type VersionDiff } from '@console/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deployments, snapshots, users } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/listing';
import { showsWho } from '../deployment/shows-who';
import { diffSnapshots } from './diff';

/**
 * Versions: the project's snapshots, named by their number (1, 2, 3, ... per project). A number the
 * project never had, or a version since pruned, is a 404; numbers are per project, so another
 * project's version is one this project does not have.
 */

/** A version as the services that point at it need it: its snapshot's id and its number. */
export interface VersionRef {
  id: string;
  number: number;
}

const versionRef = { id: snapshots.id, number: snapshots.number };

/** The project's newest version (the highest number: two syncs at once are numbered in the order they stored), or null. */
export async function newestVersion(db: Db, projectId: string): Promise<VersionRef | null> {
  const [row] = await db.select(versionRef).from(snapshots).where(eq(snapshots.projectId, projectId)).orderBy(desc(snapshots.number)).limit(1);
  return row ?? null;
}

/** The project's version of this number (else 404). */
export async function versionByNumber(db: Db, projectId: string, number: number): Promise<VersionRef> {
  const [row] = await db
    .select(versionRef)
    .from(snapshots)
    .where(and(eq(snapshots.projectId, projectId), eq(snapshots.number, number)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** The number of the project's snapshot of this id (a deployment's), or null. */
async function versionNumberOf(db: Db, snapshotId: string | null): Promise<number | null> {
  if (!snapshotId) return null;
  const [row] = await db.select({ number: snapshots.number }).from(snapshots).where(eq(snapshots.id, snapshotId)).limit(1);
  return row?.number ?? null;
}

/**
 * The deployment visitors meet: the one named 'Production' (the oldest of them, should there be
 * several), else the project's oldest deployment; null for a project without deployments.
 */
export async function productionDeployment(db: Db, projectId: string) {
  const rows = await db
    .select({ id: deployments.id, displayName: deployments.displayName, snapshotId: deployments.snapshotId })
    .from(deployments)
    .where(eq(deployments.projectId, projectId))
    .orderBy(asc(deployments.createdAt), asc(deployments.id));
  const production = rows.find((row) => row.displayName === DEFAULT_DEPLOYMENT_NAMES[0]) ?? rows[0];
  if (!production) return null;
  return { ...production, version: await versionNumberOf(db, production.snapshotId) };
}

/** A version's columns with its syncer's name (a left join: the user may be gone). */
const versionColumns = { ...versionRef, note: snapshots.note, counts: snapshots.counts, createdAt: snapshots.createdAt, createdBy: snapshots.createdBy, createdByName: users.displayName };
interface VersionRow extends VersionRef {
  note: string;
  counts: VersionCounts;
  createdAt: Date;
  createdBy: string | null;
  createdByName: string | null;
}

export async function listVersions(ctx: AppContext, access: ProjectAccess, query: ListQuery): Promise<ListResponse<Version>> {
  const page = await listPage(
    versionList,
    query,
    { number: snapshots.number, created_at: snapshots.createdAt, note: snapshots.note },
    {
      rows: ctx.db.select(versionColumns).from(snapshots).leftJoin(users, eq(users.id, snapshots.createdBy)).$dynamic(),
      count: ctx.db.select({ total: count() }).from(snapshots).$dynamic(),
      where: eq(snapshots.projectId, access.project.id),
      id: snapshots.id,
    },
  );
  return { records: await toVersions(ctx, access, page.records), total: page.total };
}

export async function readVersion(ctx: AppContext, access: ProjectAccess, number: number): Promise<Version> {
  const rows = await ctx.db
    .select(versionColumns)
    .from(snapshots)
    .leftJoin(users, eq(users.id, snapshots.createdBy))
    .where(and(eq(snapshots.projectId, access.project.id), eq(snapshots.number, number)))
    .limit(1);
  const [version] = await toVersions(ctx, access, rows);
  if (!version) throw AppError.notFound();
  return version;
}

/** Versions as the API shows them, each with the project's deployments answering from it now. */
async function toVersions(ctx: AppContext, access: ProjectAccess, rows: VersionRow[]): Promise<Version[]> {
  const answering = rows.length
    ? await ctx.db
        .select({ id: deployments.id, displayName: deployments.displayName, snapshotId: deployments.snapshotId })
        .from(deployments)
        .where(and(eq(deployments.projectId, access.project.id), inArray(deployments.snapshotId, rows.map((row) => row.id))))
        .orderBy(asc(deployments.displayName), asc(deployments.id))
    : [];
  const who = showsWho(access);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    created_by: who ? row.createdBy : null,
    created_by_name: who ? row.createdByName : null,
    counts: row.counts,
    deployments: answering.filter((deployment) => deployment.snapshotId === row.id).map((deployment) => ({ id: deployment.id, display_name: deployment.displayName })),
  }));
}

async function snapshotData(db: Db, snapshotId: string): Promise<Snapshot> {
  const [row] = await db.select({ data: snapshots.data }).from(snapshots).where(eq(snapshots.id, snapshotId)).limit(1);
  // Pruned between finding the version and reading it.
  if (!row) throw AppError.notFound();
  return row.data;
}

/**
 * A version's diff from `against`, by default from the version Production answers from, else from
 * the version before it (the newest older one still kept); `from` is null when there is none.
 */
export async function diffVersion(ctx: AppContext, access: ProjectAccess, number: number, against: number | undefined): Promise<VersionDiff> {
  const projectId = access.project.id;
  const to = await versionByNumber(ctx.db, projectId, number);
  const from = against !== undefined ? await versionByNumber(ctx.db, projectId, against) : await defaultBase(ctx.db, projectId, to);
  const [before, after] = await Promise.all([from ? snapshotData(ctx.db, from.id) : null, snapshotData(ctx.db, to.id)]);
  return { from: from?.number ?? null, to: to.number, items: diffSnapshots(before, after) };
}

async function defaultBase(db: Db, projectId: string, to: VersionRef): Promise<VersionRef | null> {
  const production = await productionDeployment(db, projectId);
  if (production?.snapshotId && production.version !== null) return { id: production.snapshotId, number: production.version };
  const [previous] = await db
    .select(versionRef)
    .from(snapshots)
    .where(and(eq(snapshots.projectId, projectId), lt(snapshots.number, to.number)))
    .orderBy(desc(snapshots.number))
    .limit(1);
  return previous ?? null;
}

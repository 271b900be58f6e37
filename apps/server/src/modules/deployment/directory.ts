import { eq } from 'drizzle-orm';
import { redactedKinds, type RedactionKind } from '@console/contracts';
import type { Db } from '../../db/client';
import { deployments, projects } from '../../db/schema/index';
import { LruMap } from '../snapshot/lru';

/** What the public chat API needs of a deployment. */
export interface PublicDeployment {
  id: string;
  key: string;
  projectId: string;
  snapshotId: string | null;
  allowedOrigins: string[];
  /** The personal data its project's stored texts are redacted of (modules/privacy). */
  redaction: RedactionKind[];
}

/** How long a process trusts what it read of a deployment (another process may deploy meanwhile). */
export const DEPLOYMENT_CACHE_MS = 2000;
const DEPLOYMENT_CACHE_SIZE = 10_000;

/**
 * Deployments by their public key, for every chat query: read once and kept for a short while, so
 * a busy widget does not cost a lookup per question. This process forgets a deployment at once when
 * it deploys or edits it; other processes see the change within DEPLOYMENT_CACHE_MS. Unknown keys
 * are remembered too, so guessing keys costs no queries.
 */
export class DeploymentDirectory {
  private readonly entries = new LruMap<string, { deployment: Promise<PublicDeployment | null>; expires: number }>(DEPLOYMENT_CACHE_SIZE);

  constructor(private readonly db: Db) {}

  byKey(key: string): Promise<PublicDeployment | null> {
    const now = performance.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.deployment;
    const deployment = this.read(key);
    this.entries.set(key, { deployment, expires: now + DEPLOYMENT_CACHE_MS });
    deployment.catch(() => this.entries.delete(key));
    return deployment;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private async read(key: string): Promise<PublicDeployment | null> {
    const [row] = await this.db
      .select({
        id: deployments.id,
        key: deployments.key,
        projectId: deployments.projectId,
        snapshotId: deployments.snapshotId,
        allowedOrigins: deployments.allowedOrigins,
        redactionEnabled: projects.redactionEnabled,
        redactionKinds: projects.redactionKinds,
      })
      .from(deployments)
      .innerJoin(projects, eq(projects.id, deployments.projectId))
      .where(eq(deployments.key, key))
      .limit(1);
    if (!row) return null;
    const { redactionEnabled, redactionKinds, ...deployment } = row;
    return { ...deployment, redaction: redactedKinds({ redaction_enabled: redactionEnabled, redaction_kinds: redactionKinds }) };
  }
}

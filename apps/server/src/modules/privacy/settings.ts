import { eq } from 'drizzle-orm';
import { redactedKinds, type Project, type RedactionKind, type updatePrivacyBody } from '@console/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { deployments, projects, type ProjectRow } from '../../db/schema/index';
import type { ProjectAccess } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { auditedProject, changedFields, recordAudit } from '../audit/record';

/** A project's privacy settings as the API reads them. */
export function privacyOf(row: Pick<ProjectRow, 'redactionEnabled' | 'redactionKinds' | 'retentionDays'>): Pick<Project, 'redaction_enabled' | 'redaction_kinds' | 'retention_days'> {
  return { redaction_enabled: row.redactionEnabled, redaction_kinds: row.redactionKinds, retention_days: row.retentionDays };
}

/** The kinds of personal data a project's stored texts are redacted of (none when redaction is off). */
export function redactionOf(row: Pick<ProjectRow, 'redactionEnabled' | 'redactionKinds'>): RedactionKind[] {
  return redactedKinds({ redaction_enabled: row.redactionEnabled, redaction_kinds: row.redactionKinds });
}

/**
 * Changes what a project keeps of its visitors (project admins). The deployments this process
 * answers for read it at once; other processes within the deployment directory's few seconds.
 */
export async function updatePrivacy(ctx: AppContext, { project }: ProjectAccess, input: z.output<typeof updatePrivacyBody>): Promise<ProjectRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(projects)
      .set({
        redactionEnabled: input.redaction_enabled,
        redactionKinds: input.redaction_kinds,
        retentionDays: input.retention_days,
        updatedAt: ctx.now(),
      })
      .where(eq(projects.id, project.id))
      .returning();
    // Deleted between the access check and the update.
    if (!updated) throw AppError.notFound();
    const { retention_days: retention, ...redaction } = changedFields(privacyOf(project), privacyOf(updated));
    const inTx = { ...ctx, db: tx };
    if (retention) await recordAudit(inTx, { action: 'project.retention_changed', ...auditedProject(updated), details: { changes: { retention_days: retention } } });
    if (Object.keys(redaction).length > 0) await recordAudit(inTx, { action: 'project.settings_changed', ...auditedProject(updated), details: { changes: redaction } });
    return updated;
  });
  const keys = await ctx.db.select({ key: deployments.key }).from(deployments).where(eq(deployments.projectId, row.id));
  for (const { key } of keys) ctx.assistant.deployments.forget(key);
  return row;
}

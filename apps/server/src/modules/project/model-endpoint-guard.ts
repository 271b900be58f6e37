import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { modelEndpointRefusal } from '../../platform/model-endpoints';
import { recordAudit, type AuditRecord } from '../audit/record';

/**
 * Refuses (400) a pipeline_config that would send an operator's model key to an origin not allowed
 * for it, and records the attempt: naming someone else's secret for one's own URL is what the audit
 * log is for, so the entry stays although nothing was stored. It names the key's variable and the
 * URL, never the key.
 */
export async function refuseUnallowedModelEndpoint(
  ctx: AppContext,
  pipelineConfig: Record<string, unknown> | undefined,
  resource: Pick<AuditRecord, 'resourceType' | 'resourceId' | 'resourceLabel' | 'workspaceId' | 'projectId'>,
): Promise<void> {
  const refusal = modelEndpointRefusal(ctx.modelEndpoints, pipelineConfig);
  if (!refusal) return;
  await recordAudit(ctx, { action: 'project.model_endpoint_refused', ...resource, details: { key: refusal.keyEnv, url: refusal.url } });
  throw AppError.badRequest(refusal.detail);
}

import { convertReportingIdAnswer } from '@console/contracts';
import { api } from '@/lib/api-client';

/** GET /project/{id}/convert-reporting-id/{reportingId}: the content item a reporting id names now. */
export async function convertReportingId(projectId: string, reportingId: string): Promise<string> {
  const answer = await api.get(
    `/project/${encodeURIComponent(projectId)}/convert-reporting-id/${encodeURIComponent(reportingId)}`,
    { schema: convertReportingIdAnswer },
  );
  return answer.id;
}

import { randomUUID } from 'node:crypto';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, EMPTY_JARGON } from '@console/contracts';
import { projectDelete, projectRead, projectWrite, type Cell, type Row } from './table';

/** Project settings and jargon, project members, archives (export, import, clone), intents, slots, sequences and scenarios. */

export interface FormPart {
  name: string;
  content: string | Buffer;
  /** Makes the part a file. */
  filename?: string;
}

/** A multipart/form-data body, built synchronously (the matrix builds its requests that way). */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/json\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest archive an import accepts: a project with its settings and nothing in it. */
export function emptyArchive(displayName = 'Imported Project') {
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: new Date().toISOString(),
    project: {
      display_name: displayName,
      description: '',
      response_word_cutoff: 200,
      out_of_scope_response: 'Sorry.',
      pipeline_config: {},
      jargon: EMPTY_JARGON,
    },
    sources: [],
    contents: [],
    intents: [],
    slots: [],
  };
}

const intentBody = () => ({ intent: 'farewell', utterances: ['bye', 'see you'] });
const slotBody = () => ({ name: 'size', terms: ['small', 'large'] });
/** The builder's save: one node naming the cell's own intent and slot. */
const sequenceSave = (c: Cell) => ({
  name: 'Order status',
  nodes: [
    {
      id: randomUUID(),
      name: 'Start',
      attributes: [
        { type: 'entry_intents', intents: [c.intentId] },
        { type: 'collect_slots', slots: [{ slot_id: c.slotId }] },
      ],
    },
  ],
  transitions: [],
});
const scenarioSave = (c: Cell) => ({ status: 'active', nodes: [{ id: randomUUID(), sequence_id: c.sequenceId }], transitions: [] });

export const projectRows: Row[] = [
  // Settings and jargon (GET /project/{id} and DELETE are in rows-administration).
  {
    route: 'PUT /project/{id}',
    method: 'PUT',
    url: (c) => `/api/v1/project/${c.projectId}`,
    body: () => ({ description: 'Updated', jargon: { mappings: [{ keyword: 'refund', terms: ['money back'] }] } }),
    write: true,
    ...projectWrite(200),
  },
  // What is kept of visitors: project admins.
  { route: 'GET /project/{id}/privacy/retention', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/privacy/retention`, write: false, ...projectRead },
  { route: 'PUT /project/{id}/privacy', method: 'PUT', url: (c) => `/api/v1/project/${c.projectId}/privacy`, body: () => ({ retention_days: 90 }), write: true, ...projectDelete(200) },
  {
    route: 'POST /project/{id}/erasure/preview',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/erasure/preview`,
    body: (c) => ({ conv_ids: [c.convId] }),
    write: false,
    ...projectDelete(200),
  },
  { route: 'POST /project/{id}/erasure', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/erasure`, body: (c) => ({ conv_ids: [c.convId] }), write: true, ...projectDelete(200) },

  // Members: adding needs canCreateProject, removing canDeleteProject.
  { route: 'GET /project/{id}/membership', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/membership`, write: false, ...projectRead },
  {
    route: 'POST /project/{id}/membership',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/membership`,
    body: (c: Cell) => ({ email: c.outsider.email, role: 'viewer' }),
    write: true,
    ...projectWrite(201),
  },
  {
    route: 'DELETE /project/{id}/membership/{membershipId}',
    method: 'DELETE',
    url: (c) => `/api/v1/project/${c.projectId}/membership/${c.projectMembershipId}`,
    write: true,
    ...projectDelete(204),
  },

  // Archives: export for readers; import and clone create a project in the workspace.
  { route: 'GET /project/{id}/archive', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/archive`, write: false, ...projectRead },
  {
    route: 'POST /workspace/{id}/project/import',
    method: 'POST',
    url: (c) => `/api/v1/workspace/${c.workspaceId}/project/import`,
    multipart: () => multipartForm([{ name: 'file', filename: 'archive.json', content: JSON.stringify(emptyArchive()) }]),
    write: true,
    ...projectWrite(201),
  },
  {
    route: 'POST /project/{id}/clone',
    method: 'POST',
    url: (c) => `/api/v1/project/${c.projectId}/clone`,
    body: () => ({}),
    write: true,
    ...projectWrite(201),
  },

  // Intents.
  { route: 'GET /project/{id}/intent', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/intent`, write: false, ...projectRead },
  { route: 'POST /project/{id}/intent', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/intent`, body: intentBody, write: true, ...projectWrite(201) },
  { route: 'GET /intent/{id}', method: 'GET', url: (c) => `/api/v1/intent/${c.intentId}`, write: false, ...projectRead },
  { route: 'PUT /intent/{id}', method: 'PUT', url: (c) => `/api/v1/intent/${c.intentId}`, body: intentBody, write: true, ...projectWrite(200) },
  { route: 'DELETE /intent/{id}', method: 'DELETE', url: (c) => `/api/v1/intent/${c.intentId}`, write: true, ...projectDelete(204) },

  // Slots.
  { route: 'GET /project/{id}/slot', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/slot`, write: false, ...projectRead },
  { route: 'POST /project/{id}/slot', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/slot`, body: slotBody, write: true, ...projectWrite(201) },
  { route: 'GET /slot/{id}', method: 'GET', url: (c) => `/api/v1/slot/${c.slotId}`, write: false, ...projectRead },
  { route: 'PUT /slot/{id}', method: 'PUT', url: (c) => `/api/v1/slot/${c.slotId}`, body: slotBody, write: true, ...projectWrite(200) },
  { route: 'DELETE /slot/{id}', method: 'DELETE', url: (c) => `/api/v1/slot/${c.slotId}`, write: true, ...projectDelete(204) },

  // Sequences (the builder's save is a create right: editors and admins, as for the other writes).
  { route: 'GET /project/{id}/sequence', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/sequence`, write: false, ...projectRead },
  { route: 'POST /project/{id}/sequence', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/sequence`, body: () => ({ name: 'Returns' }), write: true, ...projectWrite(201) },
  { route: 'GET /sequence/{id}', method: 'GET', url: (c) => `/api/v1/sequence/${c.sequenceId}`, write: false, ...projectRead },
  { route: 'PUT /sequence/{id}', method: 'PUT', url: (c) => `/api/v1/sequence/${c.sequenceId}`, body: sequenceSave, write: true, ...projectWrite(200) },
  { route: 'DELETE /sequence/{id}', method: 'DELETE', url: (c) => `/api/v1/sequence/${c.sequenceId}`, write: true, ...projectDelete(204) },

  // Scenarios.
  { route: 'GET /project/{id}/scenario', method: 'GET', url: (c) => `/api/v1/project/${c.projectId}/scenario`, write: false, ...projectRead },
  { route: 'POST /project/{id}/scenario', method: 'POST', url: (c) => `/api/v1/project/${c.projectId}/scenario`, body: () => ({ display_name: 'Returns' }), write: true, ...projectWrite(201) },
  { route: 'GET /scenario/{id}', method: 'GET', url: (c) => `/api/v1/scenario/${c.scenarioId}`, write: false, ...projectRead },
  { route: 'PUT /scenario/{id}', method: 'PUT', url: (c) => `/api/v1/scenario/${c.scenarioId}`, body: scenarioSave, write: true, ...projectWrite(200) },
  { route: 'DELETE /scenario/{id}', method: 'DELETE', url: (c) => `/api/v1/scenario/${c.scenarioId}`, write: true, ...projectDelete(204) },
];

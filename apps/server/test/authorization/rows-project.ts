import type { Row } from './table';

/** Project settings and jargon, project members, archives (export, import, clone), intents and slots. */
export const projectRows: Row[] = [];

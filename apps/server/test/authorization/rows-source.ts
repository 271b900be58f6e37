import type { Row } from './table';

/** Sources, their configuration, conversion, pulls and content. */
export const sourceRows: Row[] = [];

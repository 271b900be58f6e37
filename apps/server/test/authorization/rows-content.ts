import type { Row } from './table';

/** Content items, their utterances, actions and export, and the rich-text converters. */
export const contentRows: Row[] = [];

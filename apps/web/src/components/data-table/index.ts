export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { withChosenOption, type FilterField, type FilterOption } from './filter-bar';
export { modifiedColumn, nameColumn, statusColumn } from './columns';
export { DeleteMenuItem, RowMenu } from './row-menu';
export { useRowDeletion } from './use-row-deletion';
export { useListQuery, type ListQueryControls } from './use-list-query';
export { PAGE_SIZES } from './list-state';
export { selectionCount, useRowSelection, type RowSelection, type RowSelectionControls } from './row-selection';

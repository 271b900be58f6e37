export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { useListQuery, type ListQueryControls } from './use-list-query';
export { PAGE_SIZES } from './list-state';

import {
  GRADE_SCALE_MAX,
  type GradeScale,
  RESPONSE_ORDERS,
  RESPONSE_SORT_COLUMNS,
  type ResponseOrder,
  type ResponseSortColumn,
} from '@placely/contract';

/** The responses table's order lives in the address (`&sort=`), so a reload or a shared link keeps it. */
export const SORT_PARAM = 'sort';
export const DEFAULT_ORDER: ResponseOrder = 'newest';

export function orderFromParams(params: URLSearchParams): ResponseOrder {
  const value = params.get(SORT_PARAM);
  return RESPONSE_ORDERS.includes(value as ResponseOrder) ? (value as ResponseOrder) : DEFAULT_ORDER;
}

/** The address with `order` in it (the default order leaves no parameter; other parameters are kept). */
export function withOrder(params: URLSearchParams, order: ResponseOrder): URLSearchParams {
  const next = new URLSearchParams(params);
  if (order === DEFAULT_ORDER) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, order);
  return next;
}

/** The column an order sorts and its direction. */
export function sortOf(order: ResponseOrder): { column: ResponseSortColumn; direction: 'asc' | 'desc' } {
  for (const [column, orders] of Object.entries(RESPONSE_SORT_COLUMNS)) {
    if (orders.asc === order) return { column: column as ResponseSortColumn, direction: 'asc' };
    if (orders.desc === order) return { column: column as ResponseSortColumn, direction: 'desc' };
  }
  return { column: 'applied', direction: 'desc' };
}

/** A header click: the sorted column turns around; another column starts in its usual direction. */
export function orderOnClick(current: ResponseOrder, column: ResponseSortColumn): ResponseOrder {
  const sorted = sortOf(current);
  const orders = RESPONSE_SORT_COLUMNS[column];
  if (sorted.column !== column) return orders[orders.first];
  return sorted.direction === 'asc' ? orders.desc : orders.asc;
}

/** How each order reads in its header, for sighted and screen-reader users alike. */
export const ORDER_WORDS: Record<ResponseOrder, string> = {
  newest: 'newest first',
  oldest: 'oldest first',
  nameAsc: 'A to Z',
  nameDesc: 'Z to A',
  gradeDesc: 'highest first',
  gradeAsc: 'lowest first',
  graduationYearAsc: 'earliest first',
  graduationYearDesc: 'latest first',
  stageAsc: 'pipeline order',
  stageDesc: 'reverse pipeline order',
  scoreDesc: 'highest first',
  scoreAsc: 'lowest first',
};

/** A grade with its scale: "8.5 / 10", "3.4 / 4", "85%", or the bare number when the scale is not known. */
export function formatGrade(grade: number | null, scale: GradeScale | null): string {
  if (grade === null) return '';
  if (scale === 'PERCENTAGE') return `${grade}%`;
  return scale ? `${grade} / ${GRADE_SCALE_MAX[scale]}` : String(grade);
}

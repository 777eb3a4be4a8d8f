import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import type { TableProps } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from './list-column';

/** How many of a row's columns a card shows (the first ones the user has not hidden); the actions come after. */
export const CARD_FIELDS = 6;

/** The column of a row's actions (buttons): a card's footer. */
export const isActionsColumn = (c: { key: string }) => c.key === 'actions';

function valueAt(row: object, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const key of path) value = value == null ? undefined : (value as Record<string | number, unknown>)[key];
  return value;
}

/** A cell as the table would draw it: the column's `render`, else the value at `dataIndex`. */
function cell<Row extends object>(column: ListColumn<Row>, row: Row, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex);
  if (column.render) {
    const out = column.render(value, row, index);
    // A render may answer cell props ({ children, props }), as antd allows.
    return out && typeof out === 'object' && 'children' in out && 'props' in out && !('$$typeof' in out)
      ? (out as { children: ReactNode }).children
      : (out as ReactNode);
  }
  return value === undefined || value === null || value === '' ? '' : (value as ReactNode);
}

interface Props<Row extends object> {
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  loading: boolean;
  empty: ReactNode;
  onRow?: TableProps<Row>['onRow'];
  selection?: {
    selected: Key[];
    onToggle: (row: Row, on: boolean) => void;
    disabled?: (row: Row) => boolean;
  };
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}

/**
 * The rows of a list as cards, below 576 px (a table would be wider than a phone): each card holds the row's
 * first columns as label and value pairs and, under them, the row's actions. Selection, a click that opens the
 * row, paging, loading and the empty state work as in the table.
 */
export function ListCards<Row extends object>(props: Props<Row>) {
  const { t } = useTranslation();
  const fields = props.columns.filter((c) => !isActionsColumn(c)).slice(0, CARD_FIELDS);
  const actions = props.columns.find(isActionsColumn);
  const { pagination } = props;
  return (
    <Spin spinning={props.loading}>
      {props.rows.length === 0 ? (
        <div className="fd-list-cards-empty">{props.empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
      ) : (
        <ul className="fd-list-cards" aria-label={t('list.cards')}>
          {props.rows.map((row, index) => {
            const key = props.rowKey(row);
            const events = props.onRow?.(row, index);
            return (
              <li key={key} className="fd-list-row-card" data-row-key={String(key)} onClick={events?.onClick}>
                {props.selection && (
                  <Checkbox
                    className="fd-list-row-check"
                    checked={props.selection.selected.includes(key)}
                    disabled={props.selection.disabled?.(row)}
                    onClick={(e) => e.stopPropagation()}
                    onChange={(e) => props.selection!.onToggle(row, e.target.checked)}
                    aria-label={t('list.selectRow')}
                  />
                )}
                <dl>
                  {fields.map((c) => (
                    <div key={c.key} className="fd-list-row-field">
                      <dt>{c.title}</dt>
                      <dd>{cell(c, row, index)}</dd>
                    </div>
                  ))}
                </dl>
                {actions && (
                  <div className="fd-list-row-actions" onClick={(e) => e.stopPropagation()}>
                    {cell(actions, row, index)}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        className="fd-list-cards-pager"
        simple
        size="small"
        current={pagination.current}
        pageSize={pagination.pageSize}
        total={pagination.total}
        showTotal={(total) => t('list.total', { count: total })}
        onChange={pagination.onChange}
      />
    </Spin>
  );
}

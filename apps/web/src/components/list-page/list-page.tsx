import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Paged } from '@fleetdesk/contracts/common';
import { usePhone } from '../../lib/use-media-query';
import { ColumnSettings } from './column-settings';
import { ListCards } from './list-cards';
import { FilterBar } from './filter-bar';
import { useListParams, type FilterField, type ListParams } from './list-params';
import type { LocalListQuery } from './local-list';
import './list-page.css';

export type { ListColumn } from './list-column';
import type { ListColumn } from './list-column';

export interface ListPageProps<Row> {
  /** Names the list (column settings are kept per list for the session). */
  id: string;
  title?: ReactNode;
  /** Above the table, under the title: a notice, say. */
  extra?: ReactNode;
  filters?: readonly FilterField[];
  /** Next to the filter form's buttons (saved filters, say). */
  filterActions?: ReactNode;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => Key;
  /**
   * The list call as query options for the current parameters (filters, page, size): a paged call, or a call that
   * answers the whole list, paged on the client (`localPaged` of local-list.ts).
   */
  query: (
    params: ListParams,
  ) => UseQueryOptions<Paged<Row>, Error, Paged<Row>, readonly unknown[]> | LocalListQuery<Row>;
  /** Buttons of the list (add, import). */
  toolbar?: ReactNode;
  /**
   * The export button, given the parameters of what is on screen and the selected rows: with `exportsSelection`
   * the rows can be selected, and a selection is what is exported (see `exportFilter`).
   */
  exportSlot?: (params: ListParams, selected: Row[]) => ReactNode;
  /** The export takes the selected rows (`ids`): rows can be selected for it. */
  exportsSelection?: boolean;
  /** With bulk actions rows can be selected; the actions get the selected rows and a way to clear them. */
  bulkActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** Which rows can be selected (default: every row). */
  selectable?: (row: Row) => boolean;
  defaultPageSize?: number;
  /**
   * A "deleted" switch in the list bar, bound to the URL key `deleted=only` (given to the list call and the
   * export as `filters.deleted`): the area's row actions then offer `RestoreButton` for deleted rows.
   */
  deletedSwitch?: boolean;
  /** Row events (a click that opens the row, say). */
  onRow?: TableProps<Row>['onRow'];
  /** What an empty list says (default: antd's "no data"). */
  emptyText?: ReactNode;
}

/** The body of an export: the rows selected (`ids`), else what the filter selects. */
export function exportFilter<F extends object, Row>(
  filter: F,
  selected: Row[],
  idOf: (row: Row) => number,
): F | { ids: number[] } {
  return selected.length ? { ids: selected.map(idOf) } : filter;
}

/** Hidden columns per list, for the session. */
const hiddenColumns = new Map<string, Set<string>>();

/**
 * The list-page pattern of DESIGN.md section 10: a filter form bound to the URL query, a server-paged table,
 * column settings, an export slot and bulk actions, with loading, empty and error states. Failures are shown
 * by the request layer; the table only offers to try again.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const fields = useMemo(() => props.filters ?? [], [props.filters]);
  const listParams = useListParams(fields, props.defaultPageSize);
  const { setFilters, resetFilters, setPage } = listParams;
  const [search, setSearch] = useSearchParams();
  const showingDeleted = !!props.deletedSwitch && search.get('deleted') === 'only';
  const params = useMemo(
    () =>
      showingDeleted
        ? { ...listParams.params, filters: { ...listParams.params.filters, deleted: 'only' } }
        : listParams.params,
    [listParams.params, showingDeleted],
  );
  // Either kind of call gives a page; what the cache holds (a page or the whole list) is the call's business.
  const list = useQuery({
    ...(props.query(params) as UseQueryOptions<unknown, Error, Paged<Row>, readonly unknown[]>),
    placeholderData: keepPreviousData,
  });
  const [hidden, setHidden] = useState<Set<string>>(() => hiddenColumns.get(props.id) ?? new Set());
  const [selected, setSelected] = useState<Row[]>([]);

  const changeHidden = (next: Set<string>) => {
    hiddenColumns.set(props.id, next);
    setHidden(next);
  };
  const clearSelection = () => setSelected([]);
  const toggleDeleted = (on: boolean) => {
    clearSelection();
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set('deleted', 'only');
      else next.delete('deleted');
      next.delete('pageNum');
      return next;
    });
  };
  const columns = props.columns.filter((c) => !hidden.has(c.key));
  const failed = list.isError && !list.data;
  const selectable = props.selectable;
  // Below 576 px the rows are cards (`list-cards.tsx`): a table would be wider than the phone.
  const phone = usePhone();
  const selecting = !!(props.bulkActions || (props.exportSlot && props.exportsSelection));
  const emptyText = failed ? (
    <div className="fd-list-error" role="alert">
      <p>{t('list.loadFailed')}</p>
      <Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>
    </div>
  ) : (
    props.emptyText
  );
  const changePage = (pageNum: number, pageSize: number) => {
    clearSelection();
    setPage(pageNum, pageSize);
  };

  return (
    <section className="fd-list" data-testid={`list-${props.id}`}>
      {(props.title || props.toolbar) && (
        <div className="fd-list-head">
          {props.title && <h1 className="fd-page-title">{props.title}</h1>}
          <div className="fd-list-toolbar">{props.toolbar}</div>
        </div>
      )}
      {props.extra}
      {showingDeleted && (
        <Alert
          className="fd-list-deleted"
          type="warning"
          showIcon
          message={t('list.deletedBanner')}
          action={
            <Button size="small" onClick={() => toggleDeleted(false)}>
              {t('list.backToList')}
            </Button>
          }
        />
      )}
      <FilterBar
        fields={fields}
        filters={params.filters}
        actions={props.filterActions}
        onSearch={(values) => {
          clearSelection();
          setFilters(values);
        }}
        onReset={() => {
          clearSelection();
          resetFilters();
        }}
      />
      <div className="fd-list-card">
        <div className="fd-list-bar">
          <div className="fd-list-bulk">
            {selected.length > 0 && (
              <>
                <span>{t('list.selected', { count: selected.length })}</span>
                {props.bulkActions?.(selected, clearSelection)}
                <Button type="link" size="small" onClick={clearSelection}>
                  {t('list.clearSelection')}
                </Button>
              </>
            )}
          </div>
          <div className="fd-list-tools">
            {props.deletedSwitch && (
              <Tooltip title={t('list.showDeletedHint')}>
                <span className="fd-list-deleted-switch">
                  <Switch
                    size="small"
                    checked={showingDeleted}
                    onChange={toggleDeleted}
                    aria-label={t('list.showDeleted')}
                  />
                  {t('list.showDeleted')}
                </span>
              </Tooltip>
            )}
            {props.exportSlot?.(params, selected)}
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('actions.refresh')}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isLoading}
            />
            <ColumnSettings columns={props.columns} hidden={hidden} onChange={changeHidden} />
          </div>
        </div>
        {phone ? (
          <ListCards<Row>
            columns={columns}
            rows={list.data?.rows ?? []}
            rowKey={props.rowKey}
            loading={list.isFetching}
            empty={emptyText}
            onRow={props.onRow}
            selection={
              selecting
                ? {
                    selected: selected.map(props.rowKey),
                    onToggle: (row, on) => {
                      const key = props.rowKey(row);
                      setSelected((now) =>
                        on
                          ? [...now.filter((r) => props.rowKey(r) !== key), row]
                          : now.filter((r) => props.rowKey(r) !== key),
                      );
                    },
                    disabled: selectable ? (row) => !selectable(row) : undefined,
                  }
                : undefined
            }
            pagination={{
              current: params.pageNum,
              pageSize: params.pageSize,
              total: list.data?.total ?? 0,
              onChange: changePage,
            }}
          />
        ) : (
          <Table<Row>
            size="middle"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            rowKey={props.rowKey}
            onRow={props.onRow}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            rowSelection={
              selecting
                ? {
                    selectedRowKeys: selected.map(props.rowKey),
                    onChange: (_, rows) => setSelected(rows),
                    preserveSelectedRowKeys: false,
                    getCheckboxProps: selectable ? (row) => ({ disabled: !selectable(row) }) : undefined,
                  }
                : undefined
            }
            locale={{ emptyText }}
            pagination={{
              current: params.pageNum,
              pageSize: params.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => t('list.total', { count: total }),
              onChange: changePage,
            }}
          />
        )}
      </div>
    </section>
  );
}

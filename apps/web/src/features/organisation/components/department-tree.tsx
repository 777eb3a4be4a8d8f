import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DragOutlined from '@ant-design/icons/DragOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tooltip from 'antd/es/tooltip';
import Tree from 'antd/es/tree';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../lib/access';
import { useDeleteDepartment } from '../api/delete-department';
import { departmentsQuery } from '../api/get-departments';
import { buildTree, findNode, type DepartmentNode } from '../model/department-tree';
import { DepartmentMoveDialog, DepartmentNameDialog } from './department-dialogs';

type Dialog = { kind: 'add'; parent: DepartmentNode | null } | { kind: 'rename' | 'move'; node: DepartmentNode };

const ALL = 'all';

/** The department tree: "everyone" first, then the departments with their employee counts (with sub-departments). */
export function DepartmentTree(props: { selected: number | null; onSelect: (id: number | null) => void }) {
  const { t } = useTranslation('organisation');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const list = useQuery(departmentsQuery());
  const remove = useDeleteDepartment();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const tree = useMemo(() => buildTree(list.data ?? []), [list.data]);
  const current = props.selected === null ? undefined : findNode(tree, props.selected);
  const total = (list.data ?? []).reduce((sum, d) => sum + d.employees, 0);

  const toData = (nodes: DepartmentNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: String(n.id),
      title: (
        <span className="fd-dept-node">
          <span className="fd-dept-name">{n.name}</span>
          <span className="fd-dept-count" aria-label={t('departments.count', { count: n.total })}>
            {n.total}
          </span>
        </span>
      ),
      children: toData(n.children),
    }));
  const data: DataNode[] = [
    {
      key: ALL,
      title: (
        <span className="fd-dept-node">
          <span className="fd-dept-name">{t('departments.all')}</span>
          <span className="fd-dept-count">{total}</span>
        </span>
      ),
      children: toData(tree),
    },
  ];

  const confirmDelete = (node: DepartmentNode) => {
    modal.confirm({
      title: t('departments.deleteTitle', { name: node.name }),
      content: t('departments.deleteText'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        // Not empty: the server says why (409), the request layer shows it.
        const done = await remove.mutateAsync(node.id).then(
          () => true,
          () => false,
        );
        if (!done) return;
        void message.success(t('departments.deleted', { name: node.name }));
        if (props.selected === node.id) props.onSelect(node.parentId);
      },
    });
  };

  const tools = (
    <div className="fd-dept-tools">
      {access.can('oaDepart:add') && (
        <Tooltip title={current ? t('departments.addUnder', { name: current.name }) : t('departments.addTop')}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('departments.add')}
            onClick={() => setDialog({ kind: 'add', parent: current ?? null })}
          />
        </Tooltip>
      )}
      {access.can('oaDepart:edit') && (
        <>
          <Tooltip title={t('departments.rename')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('departments.rename')}
              disabled={!current}
              onClick={() => current && setDialog({ kind: 'rename', node: current })}
            />
          </Tooltip>
          <Tooltip title={t('departments.move')}>
            <Button
              size="small"
              icon={<DragOutlined />}
              aria-label={t('departments.move')}
              disabled={!current}
              onClick={() => current && setDialog({ kind: 'move', node: current })}
            />
          </Tooltip>
        </>
      )}
      {access.can('oaDepart:delete') && (
        <Tooltip title={t('departments.delete')}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('departments.delete')}
            disabled={!current}
            onClick={() => current && confirmDelete(current)}
          />
        </Tooltip>
      )}
    </div>
  );

  return (
    <aside className="fd-dept-panel" aria-label={t('departments.title')}>
      <div className="fd-dept-head">
        <h2 className="fd-dept-title">{t('departments.title')}</h2>
        {tools}
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('common:list.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : (
        <>
          <Tree
            blockNode
            defaultExpandAll
            showLine
            treeData={data}
            selectedKeys={[props.selected === null ? ALL : String(props.selected)]}
            onSelect={(keys) => {
              const key = keys[0];
              if (key === undefined) return;
              props.onSelect(key === ALL ? null : Number(key));
            }}
          />
          {tree.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('departments.empty')} />}
        </>
      )}
      {dialog?.kind === 'add' && (
        <DepartmentNameDialog parent={dialog.parent} onClose={() => setDialog(null)} onSaved={props.onSelect} />
      )}
      {dialog?.kind === 'rename' && <DepartmentNameDialog node={dialog.node} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && (
        <DepartmentMoveDialog node={dialog.node} tree={tree} onClose={() => setDialog(null)} />
      )}
    </aside>
  );
}

import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { DepartmentInput, type Department } from '@fleetdesk/contracts/organisation';
import { useModalForm } from '../../../components/use-modal-form';
import { issueMessage } from '../../../lib/validation';
import { useCreateDepartment } from '../api/create-department';
import { useUpdateDepartment } from '../api/update-department';
import { subtreeIds, treeSelectData, type DepartmentNode } from '../model/department-tree';

/** The top level in a parent picker (a TreeSelect value cannot be null). */
const TOP = 0;

interface NameValues {
  name: string;
}

/** Adding a department under `parent` (or at the top), or renaming `node`. */
export function DepartmentNameDialog(props: {
  node?: DepartmentNode;
  parent?: DepartmentNode | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const { node, parent } = props;

  const { form, submit } = useModalForm<NameValues, Department>({
    submit: ({ name }) =>
      node
        ? update.mutateAsync({ id: node.id, input: { name, parentId: node.parentId, sort: node.sort } })
        : create.mutateAsync({ name, parentId: parent?.id ?? null, sort: 0 }),
    onSuccess: (saved, { name }) => {
      void message.success(t(node ? 'departments.renamed' : 'departments.added', { name }));
      props.onSaved?.(saved.id);
    },
    onClose: props.onClose,
    // The dialog has one field: every field error of the department is about its name.
    field: () => 'name',
  });

  return (
    <Modal
      open
      title={
        node
          ? t('departments.renameTitle', { name: node.name })
          : parent
            ? t('departments.addUnder', { name: parent.name })
            : t('departments.addTop')
      }
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: node?.name ?? '' }}>
        <Form.Item
          name="name"
          label={t('departments.name')}
          required
          rules={[
            {
              // The contracts' rule, on the text as typed (an empty name gets the contracts' message too).
              validator: async (_, value?: string) => {
                const result = DepartmentInput.shape.name.safeParse(value ?? '');
                if (!result.success) throw new Error(issueMessage(result.error.issues[0]!, t));
              },
            },
          ]}
        >
          <Input maxLength={30} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moving a department: a new parent, never itself or one below it. */
export function DepartmentMoveDialog(props: { node: DepartmentNode; tree: DepartmentNode[]; onClose: () => void }) {
  const { t } = useTranslation('organisation');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parentId: number }>();
  const update = useUpdateDepartment();
  const { node } = props;
  const data = [
    { value: TOP, title: t('departments.topLevel'), children: [] },
    ...treeSelectData(props.tree, subtreeIds(node)),
  ];

  const submit = async ({ parentId }: { parentId: number }) => {
    const done = await update
      .mutateAsync({
        id: node.id,
        input: { name: node.name, parentId: parentId === TOP ? null : parentId, sort: node.sort },
      })
      .catch(() => null);
    if (!done) return;
    void message.success(t('departments.moved', { name: node.name }));
    props.onClose();
  };

  return (
    <Modal
      open
      title={t('departments.moveTitle', { name: node.name })}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('departments.move')}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ parentId: node.parentId ?? TOP }}>
        <Form.Item name="parentId" label={t('departments.newParent')} required>
          <TreeSelect treeData={data} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import Tree from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionNode } from '@fleetdesk/contracts/organisation';
import { currentLanguage } from '../../../lib/i18n';
import { toggleGrant, toTreeData } from './permission-tree';

interface Props {
  tree: PermissionNode[];
  value?: string[];
  onChange?: (grants: string[]) => void;
  disabled?: boolean;
}

/** The permission tree as a form field: the value is the ticked codes (menus and elements). */
export function PermissionTreeField({ tree, value = [], onChange, disabled }: Props) {
  // useTranslation re-renders on a language switch: the titles follow.
  const { t } = useTranslation('companySettings');
  const lang = currentLanguage();
  const data = useMemo(() => toTreeData(tree, lang), [tree, lang]);
  return (
    <Tree
      className="fd-cs-tree"
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={data}
      checkedKeys={{ checked: value, halfChecked: [] }}
      aria-label={t('roles.permissions')}
      onCheck={(_, info) => onChange?.(toggleGrant(tree, value, String(info.node.key), info.checked))}
    />
  );
}

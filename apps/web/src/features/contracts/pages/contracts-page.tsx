import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccess } from '../../../lib/access';
import { ContractDetail } from './contract-detail';
import { ContractList } from './contract-list';
import { Debtors } from './debtors';
import { SignWizard } from './sign-wizard';
import '../i18n';
import './contracts-page.css';

/**
 * `/rentContract/{type?}/{name?}`: the list (no type), `debtors` (debt collection), `new` (the signing
 * wizard) and `detail/{id}` (the contract page).
 */
export default function ContractsPage() {
  const { t } = useTranslation('contracts');
  const { type, name } = useParams();
  const navigate = useNavigate();
  const access = useAccess();
  if (type === 'detail' && name && /^\d+$/.test(name)) return <ContractDetail id={Number(name)} />;
  if (type === 'new') return <SignWizard />;
  const tab = type === 'debtors' ? 'debtors' : 'list';
  return (
    <div className="fd-contracts">
      <Tabs
        activeKey={tab}
        onChange={(k) => void navigate(k === 'list' ? '/rentContract' : `/rentContract/${k}`)}
        items={[
          { key: 'list', label: t('tabs.list'), children: tab === 'list' ? <ContractList /> : null },
          ...(access.can('rentContract:collect')
            ? [{ key: 'debtors', label: t('tabs.debtors'), children: tab === 'debtors' ? <Debtors /> : null }]
            : []),
        ]}
      />
    </div>
  );
}

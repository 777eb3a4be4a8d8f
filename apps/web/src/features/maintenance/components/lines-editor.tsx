import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ORDER_LINE_KIND_TITLES } from '@fleetdesk/contracts/maintenance';
import { formatMoney } from '../../../lib/format';
import { draftAmount, lineTotals, type LineDraft } from '../model/lines';
import { useTitle } from './titles';

/**
 * The parts and labour lines of a work order: a part is quantity x unit price, labour hours x rate (the workshop's
 * rate by default); the amounts and the totals follow every keystroke. Errors (`errors[index]`) under the row.
 */
export function LinesEditor({
  value = [],
  onChange,
  labourRate,
  errors = {},
}: {
  value?: LineDraft[];
  onChange?: (lines: LineDraft[]) => void;
  labourRate?: number | null;
  errors?: Record<number, string>;
}) {
  const { t } = useTranslation('maintenance');
  const title = useTitle();
  const totals = lineTotals(value);
  const set = (index: number, patch: Partial<LineDraft>) =>
    onChange?.(value.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const add = (kind: LineDraft['kind']) =>
    onChange?.([
      ...value,
      kind === 'part'
        ? { kind, name: '', quantity: 1, unitPrice: null }
        : { kind, name: '', hours: 1, rate: labourRate ?? null },
    ]);
  const rows = value.map((line, index) => ({ line, index }));
  return (
    <div className="fd-maint-lines" data-testid="maint-lines">
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('lines.empty') }}
        columns={[
          {
            key: 'kind',
            title: t('lines.kind'),
            width: 70,
            render: (_, { line }) => title(ORDER_LINE_KIND_TITLES[line.kind]),
          },
          {
            key: 'name',
            title: t('lines.name'),
            render: (_, { line, index }) => (
              <>
                <Input
                  value={line.name}
                  maxLength={60}
                  aria-label={t('lines.nameOf', { n: index + 1 })}
                  status={errors[index] ? 'error' : undefined}
                  onChange={(e) => set(index, { name: e.target.value })}
                />
                {errors[index] ? <div className="fd-maint-line-error">{errors[index]}</div> : null}
              </>
            ),
          },
          {
            key: 'partNo',
            title: t('lines.partNo'),
            width: 130,
            render: (_, { line, index }) =>
              line.kind === 'part' ? (
                <Input
                  value={line.partNo ?? ''}
                  maxLength={40}
                  aria-label={t('lines.partNoOf', { n: index + 1 })}
                  onChange={(e) => set(index, { partNo: e.target.value })}
                />
              ) : null,
          },
          {
            key: 'quantity',
            title: t('lines.quantity'),
            width: 110,
            render: (_, { line, index }) => (
              <InputNumber<number>
                min={0}
                max={10_000}
                step={line.kind === 'part' ? 1 : 0.5}
                precision={2}
                value={line.kind === 'part' ? line.quantity : line.hours}
                aria-label={t(line.kind === 'part' ? 'lines.quantityOf' : 'lines.hoursOf', { n: index + 1 })}
                suffix={line.kind === 'labour' ? t('lines.hoursUnit') : undefined}
                onChange={(v) => set(index, line.kind === 'part' ? { quantity: v } : { hours: v })}
              />
            ),
          },
          {
            key: 'price',
            title: t('lines.price'),
            width: 130,
            render: (_, { line, index }) => (
              <InputNumber<number>
                min={0}
                max={10_000_000}
                precision={2}
                prefix="¥"
                value={line.kind === 'part' ? line.unitPrice : line.rate}
                aria-label={t(line.kind === 'part' ? 'lines.unitPriceOf' : 'lines.rateOf', { n: index + 1 })}
                onChange={(v) => set(index, line.kind === 'part' ? { unitPrice: v } : { rate: v })}
              />
            ),
          },
          {
            key: 'amount',
            title: t('lines.amount'),
            align: 'right',
            width: 110,
            render: (_, { line }) => formatMoney(draftAmount(line)),
          },
          {
            key: 'remove',
            width: 48,
            render: (_, { index }) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('lines.remove', { n: index + 1 })}
                onClick={() => onChange?.(value.filter((_, i) => i !== index))}
              />
            ),
          },
        ]}
      />
      <div className="fd-maint-lines-foot">
        <Space>
          <Button icon={<PlusOutlined />} onClick={() => add('part')}>
            {t('lines.addPart')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => add('labour')}>
            {t('lines.addLabour')}
          </Button>
        </Space>
        <div className="fd-maint-totals" data-testid="maint-line-totals">
          <span>
            {t('lines.parts')} <b>{formatMoney(totals.parts)}</b>
          </span>
          <span>
            {t('lines.labour')} <b>{formatMoney(totals.labour)}</b>
          </span>
          <span>
            {t('lines.total')} <b data-testid="maint-lines-total">{formatMoney(totals.total)}</b>
          </span>
        </div>
      </div>
    </div>
  );
}

import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import type { FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { LevelRule } from '@fleetdesk/contracts/driver-portal';

/** The contracts' bounds: at least one level (everyone's), at most six. */
export const MIN_LEVELS = 1;
export const MAX_LEVELS = 6;

/** A new level's code: `level{n}`, the first n not taken (`level4` after three levels). */
export function newLevelCode(levels: readonly Pick<LevelRule, 'code'>[]): string {
  const taken = new Set(levels.map((l) => l.code));
  let n = levels.length + 1;
  while (taken.has(`level${n}`)) n++;
  return `level${n}`;
}

/** A level added after the last: asks one more on-time month, keeps the rest (the user then sets names and perks). */
export function nextLevel(levels: readonly LevelRule[]): LevelRule {
  const last = levels[levels.length - 1];
  return {
    code: newLevelCode(levels),
    name: '',
    nameEn: '',
    minOnTimeMonths: Math.min(12, (last?.minOnTimeMonths ?? 0) + 1),
    maxViolations: last?.maxViolations ?? 99,
    maxAccidents: last?.maxAccidents ?? 99,
    perks: last ? { ...last.perks } : { rentDiscountPercent: 0, freeDaysPerYear: 0, newCarPriority: false },
  };
}

/** The rules' field names this card holds (a server error on one lands on it). */
export const isLevelField = (name: readonly (string | number)[]) => name[0] === 'driverLevels';

/**
 * The super driver levels of the driver portal (`driverLevels`), lowest first: each one's names, what it asks of
 * the last twelve months and its perks. The contracts' rule (each level asks more than the one below) is said under
 * the table, from the check before sending or the server's 400.
 */
export function DriverLevelsCard({ form }: { form: FormInstance }) {
  const { t } = useTranslation('companySettings');
  const required = [{ required: true, message: t('rules.required') }];
  const number = (name: (string | number)[], label: string, min: number, max: number, suffix?: string) => (
    <Form.Item name={name} rules={required} className="fd-cs-level-item">
      <InputNumber<number>
        min={min}
        max={max}
        precision={0}
        aria-label={label}
        suffix={suffix}
        className="fd-cs-number"
      />
    </Form.Item>
  );
  return (
    <Card size="small" title={t('rules.levels.title')} className="fd-cs-card" data-testid="rules-driver-levels">
      <p className="fd-cs-hint">{t('rules.levels.hint')}</p>
      <Form.List name="driverLevels">
        {(fields, { add, remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={fields}
              columns={[
                {
                  key: 'name',
                  title: t('rules.levels.name'),
                  render: (_, f, i) => (
                    <Form.Item name={[f.name, 'name']} rules={required} className="fd-cs-level-item">
                      <Input maxLength={20} aria-label={t('rules.levels.nameOf', { n: i + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'nameEn',
                  title: t('rules.levels.nameEn'),
                  render: (_, f, i) => (
                    <Form.Item name={[f.name, 'nameEn']} rules={required} className="fd-cs-level-item">
                      <Input maxLength={30} aria-label={t('rules.levels.nameEnOf', { n: i + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'onTime',
                  title: t('rules.levels.minOnTimeMonths'),
                  render: (_, f, i) =>
                    number([f.name, 'minOnTimeMonths'], t('rules.levels.minOnTimeMonthsOf', { n: i + 1 }), 0, 12),
                },
                {
                  key: 'violations',
                  title: t('rules.levels.maxViolations'),
                  render: (_, f, i) =>
                    number([f.name, 'maxViolations'], t('rules.levels.maxViolationsOf', { n: i + 1 }), 0, 99),
                },
                {
                  key: 'accidents',
                  title: t('rules.levels.maxAccidents'),
                  render: (_, f, i) =>
                    number([f.name, 'maxAccidents'], t('rules.levels.maxAccidentsOf', { n: i + 1 }), 0, 99),
                },
                {
                  key: 'discount',
                  title: t('rules.levels.discount'),
                  render: (_, f, i) => (
                    <Form.Item
                      name={[f.name, 'perks', 'rentDiscountPercent']}
                      rules={required}
                      className="fd-cs-level-item"
                    >
                      <InputNumber<number>
                        min={0}
                        max={50}
                        step={0.5}
                        suffix="%"
                        aria-label={t('rules.levels.discountOf', { n: i + 1 })}
                        className="fd-cs-number"
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'freeDays',
                  title: t('rules.levels.freeDays'),
                  render: (_, f, i) =>
                    number([f.name, 'perks', 'freeDaysPerYear'], t('rules.levels.freeDaysOf', { n: i + 1 }), 0, 60),
                },
                {
                  key: 'priority',
                  title: t('rules.levels.priority'),
                  render: (_, f, i) => (
                    <Form.Item
                      name={[f.name, 'perks', 'newCarPriority']}
                      valuePropName="checked"
                      className="fd-cs-level-item"
                    >
                      <Switch aria-label={t('rules.levels.priorityOf', { n: i + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  title: '',
                  render: (_, f, i) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={fields.length <= MIN_LEVELS}
                      aria-label={t('rules.levels.removeOf', { n: i + 1 })}
                      onClick={() => remove(f.name)}
                    />
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined />}
              className="fd-cs-level-add"
              disabled={fields.length >= MAX_LEVELS}
              onClick={() => add(nextLevel((form.getFieldValue('driverLevels') as LevelRule[] | undefined) ?? []))}
            >
              {t('rules.levels.add')}
            </Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}

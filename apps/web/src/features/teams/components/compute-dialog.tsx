import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamStatementDetail } from '@fleetdesk/contracts/team-performance';
import type { TeamDetail } from '@fleetdesk/contracts/teams';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useComputeStatement } from '../api/compute-statement';
import { currentMonth, shiftMonth } from '../model/performance';

/**
 * Computing a node's statement of a finished month (last month by default): a draft, or a draft or rejected one
 * again. The server's refusal (the month is not over, no enabled rule, awaiting approval or approved) stays in the
 * dialog; done, the statement opens.
 */
export function ComputeDialog({
  team,
  onClose,
  onComputed,
}: {
  team: TeamDetail;
  onClose: () => void;
  onComputed: (statement: TeamStatementDetail) => void;
}) {
  const { t } = useTranslation('teams');
  const thisMonth = currentMonth();
  const [month, setMonth] = useState(() => shiftMonth(thisMonth, -1));
  const compute = useComputeStatement();
  const { failure, run, clear } = useInlineFailure();

  const ok = async () => {
    const done = await run(() => compute.mutateAsync({ teamId: team.id, month })).catch(() => null);
    if (done) onComputed(done);
  };

  return (
    <Modal
      open
      width={480}
      title={t('statements.computeTitle', { name: team.name })}
      okText={t('statements.computeOk')}
      onOk={() => void ok()}
      confirmLoading={compute.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="fd-muted">
        {t(team.kind === 'fleet' ? 'statements.computeHintFleet' : 'statements.computeHintTeam')}
      </p>
      <InlineFailure failure={failure} onClose={clear} />
      <Form layout="vertical" name="compute-statement">
        <Form.Item label={t('statements.month')} htmlFor="compute-statement-month" extra={t('statements.monthHint')}>
          <DatePicker
            id="compute-statement-month"
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            // Finished months only: the current one is still being driven.
            disabledDate={(d: Dayjs) => d.format('YYYY-MM') >= thisMonth}
            onChange={(v: Dayjs | null) => {
              clear();
              if (v) setMonth(v.format('YYYY-MM'));
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

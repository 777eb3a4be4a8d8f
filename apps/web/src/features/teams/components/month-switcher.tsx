import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentMonth, shiftMonth } from '../model/performance';

/** A month (YYYY-MM) with the previous and the next one a click away; none after this month. */
export function MonthSwitcher({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation('teams');
  const thisMonth = currentMonth();
  return (
    <Space.Compact>
      <Tooltip title={t('perf.prevMonth')}>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('perf.prevMonth')}
          onClick={() => onChange(shiftMonth(month, -1))}
        />
      </Tooltip>
      <DatePicker
        picker="month"
        allowClear={false}
        aria-label={t('perf.month')}
        value={dayjs(`${month}-01`)}
        disabledDate={(d) => d.format('YYYY-MM') > thisMonth}
        onChange={(v) => v && onChange(v.format('YYYY-MM'))}
      />
      <Tooltip title={t('perf.nextMonth')}>
        <Button
          icon={<RightOutlined />}
          aria-label={t('perf.nextMonth')}
          disabled={month >= thisMonth}
          onClick={() => onChange(shiftMonth(month, 1))}
        />
      </Tooltip>
    </Space.Compact>
  );
}

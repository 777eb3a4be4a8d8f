import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { todayQuery, useClock } from '../api/attendance';

interface Position {
  latitude: number;
  longitude: number;
}

/** The browser's location, or null when it is refused, missing or slow (8 s). */
export function locate(): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({ latitude: Number(p.coords.latitude.toFixed(6)), longitude: Number(p.coords.longitude.toFixed(6)) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    );
  });
}

/** The phone page is this panel on a narrow screen (or a phone's browser). */
export function sourceOfDevice(): 'web' | 'mobile' {
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches;
  const phone = typeof navigator !== 'undefined' && /Mobi|Android|iPhone/i.test(navigator.userAgent);
  return narrow || phone ? 'mobile' : 'web';
}

/** Clocking in and out today, with where: works as the phone page on a small screen. */
export function ClockPanel() {
  const { t } = useTranslation('attendance');
  const { message } = App.useApp();
  const today = useQuery(todayQuery());
  const clock = useClock();
  const [address, setAddress] = useState('');
  const [locating, setLocating] = useState(false);
  const data = today.data;
  const clockedIn = !!data?.records.some((r) => r.kind === 'in');
  const kind = clockedIn ? 'out' : 'in';

  const run = async () => {
    setLocating(true);
    const position = await locate();
    setLocating(false);
    if (!position) void message.warning(t('clock.noLocation'));
    try {
      const record = await clock.mutateAsync({
        kind,
        source: sourceOfDevice(),
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        address: address.trim() || null,
      });
      void message.success(t(record.mark ? `clock.done_${record.mark}` : `clock.done_${kind}`));
    } catch {
      // The request layer has shown why.
    }
  };

  if (today.isError && !data)
    return (
      <Result
        status="warning"
        title={t('common:list.loadFailed')}
        extra={<Button onClick={() => void today.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  return (
    <Card className="fd-clock" loading={!data} data-testid="clock-panel">
      {data && (
        <>
          <div className="fd-clock-day">{data.day}</div>
          <div className="fd-muted">
            {data.shift
              ? t('clock.shift', { name: data.shift.name, start: data.shift.startTime, end: data.shift.endTime })
              : t('clock.noShift')}
            {data.shift && !data.workday && ` · ${t('clock.restDay')}`}
            {data.absence && ` · ${t(`clock.absence_${data.absence}`)}`}
          </div>
          <Input
            className="fd-clock-address"
            prefix={<EnvironmentOutlined />}
            maxLength={200}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder={t('clock.addressHint')}
            aria-label={t('clock.address')}
          />
          <Button
            type="primary"
            shape="circle"
            className="fd-clock-button"
            loading={locating || clock.isPending}
            onClick={() => void run()}
          >
            {t(`clock.${kind}`)}
          </Button>
          <Timeline
            className="fd-clock-records"
            items={data.records.map((r) => ({
              key: r.id,
              color: r.mark ? 'red' : 'green',
              children: (
                <>
                  <div>
                    {t(`kind.${r.kind}`)} {formatDateTime(r.at, true).slice(11)}
                    {r.mark && <Tag color="red">{t(`mark.${r.mark}`)}</Tag>}
                  </div>
                  <div className="fd-muted">
                    {t(`source.${r.source}`)}
                    {r.latitude !== null ? ` · ${r.latitude}, ${r.longitude}` : ''}
                    {r.address ? ` · ${r.address}` : ''}
                  </div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Card>
  );
}

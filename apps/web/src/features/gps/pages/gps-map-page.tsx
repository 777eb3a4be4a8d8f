import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Radio from 'antd/es/radio';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GpsPaths as P, type Device, type DeviceStatus, type LiveCar, type Route } from '@fleetdesk/contracts/gps';
import { EChart, type ChartOption } from '../../../components/echart';
import { CarLink, DeviceLink, RiskCaseLink } from '../../../components/entity-links';
import { useAccess } from '../../../lib/access';
import {
  bindHistoryQuery,
  checkInstall,
  devicesQuery,
  followLive,
  liveQuery,
  mapSettingsQuery,
  routeQuery,
} from '../api/gps';
import { CommandButton } from '../commands/components/command-button';
import { GpsMap, STATUS_COLOURS, type Tiles } from '../components/gps-map';
import { openRiskCasesQuery } from '../risk/api/gps-risk';
import '../risk/i18n';
import {
  BindCar,
  BindUser,
  DeviceForm,
  QuickUserBind,
  useNewOsmandSecret,
  useResetIdentity,
  useUnbind,
  useUserUnbind,
} from '../components/device-actions';
import '../i18n';
import './gps.css';

/** The replay's speed chart: km/h over time. */
function speedOption(points: Route['points'], name: string): ChartOption {
  return {
    grid: { left: 40, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: points.map((p) => dayjs(p.t).format('HH:mm:ss')),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', name },
    series: [{ type: 'line', name, data: points.map((p) => p.speed), showSymbol: false, areaStyle: { opacity: 0.15 } }],
  };
}

/** Cars a page in the side list (thousands of rows would make every live update slow). */
const LIST_PAGE = 50;
const STATUSES: DeviceStatus[] = ['moving', 'stopped', 'offline', 'never'];
const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

function useLiveCars() {
  const client = useQueryClient();
  const live = useQuery(liveQuery());
  const [streaming, setStreaming] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let stopped = false;
    const pending = new Map<number, LiveCar>();
    let frame: number | null = null;
    const apply = () => {
      frame = null;
      if (!pending.size) return;
      const moved = [...pending.values()];
      pending.clear();
      client.setQueryData(liveQuery().queryKey, (old: LiveCar[] | undefined) => {
        const byId = new Map((old ?? []).map((c) => [c.deviceId, c]));
        for (const c of moved) byId.set(c.deviceId, c);
        return [...byId.values()];
      });
    };
    const run = async () => {
      while (!stopped) {
        try {
          setStreaming(true);
          await followLive((moved) => {
            // Batches arriving together (500 cars a notification) are applied once, at the next frame.
            for (const c of moved) pending.set(c.deviceId, c);
            frame ??= requestAnimationFrame(apply);
          }, abort.signal);
        } catch {
          /* reconnect below */
        }
        setStreaming(false);
        if (stopped) return;
        await new Promise((r) => setTimeout(r, 5000));
        await client.invalidateQueries({ queryKey: liveQuery().queryKey });
      }
    };
    void run();
    return () => {
      stopped = true;
      abort.abort();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [client]);
  return { cars: live.data ?? [], streaming };
}

function AlarmTags({ alarms }: { alarms: string[] }) {
  const { t } = useTranslation('gps');
  if (!alarms.length) return <>{t('drawer.none')}</>;
  return (
    <Space size={4} wrap>
      {alarms.map((a) => (
        <Tag key={a} color="red">
          {t(`alarm.${a}`, { defaultValue: t('alarm.other') })}
        </Tag>
      ))}
    </Space>
  );
}

/** The replay's quick ranges (buttons beside the period). */
export const QUICK_RANGES = ['yesterday', 'last24h', 'last7d'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export function quickRange(r: QuickRange, now: Dayjs): [Dayjs, Dayjs] {
  if (r === 'yesterday') {
    const day = now.subtract(1, 'day');
    return [day.startOf('day'), day.endOf('day')];
  }
  return r === 'last24h' ? [now.subtract(24, 'hour'), now] : [now.subtract(7, 'day'), now];
}

/**
 * The replay opens on the day of the car's last position (from its start to its end, or to now on today), not on
 * the last hour: a car last seen days ago shows that day's route, not an empty hour.
 */
export function replayDay(fixTime: string, now: Dayjs): [Dayjs, Dayjs] {
  const last = dayjs(fixTime);
  const day = last.isAfter(now) ? now : last;
  const end = day.endOf('day');
  return [day.startOf('day'), end.isAfter(now) ? now : end];
}

/** A car's speed as the list and the drawer say it: an offline car's speed is its last known one. */
function SpeedText({ car }: { car: LiveCar }) {
  const { t } = useTranslation('gps');
  const speed = Math.round(car.speed);
  return car.status === 'offline' ? <>{t('offlineSpeed', { speed })}</> : <>{speed} km/h</>;
}

function Replay({
  car,
  onRoute,
  onClose,
}: {
  car: LiveCar;
  onRoute: (r: { route: Route; index: number } | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('gps');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => replayDay(car.fixTime, dayjs()));
  const [quick, setQuick] = useState<QuickRange | null>(null);
  const q = useQuery(routeQuery(car.deviceId, range[0].toISOString(), range[1].toISOString()));
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(8);
  const points = useMemo(() => q.data?.points ?? [], [q.data]);
  useEffect(() => {
    setIndex(0);
    setPlaying(points.length > 0);
  }, [q.data, points.length]);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        if (i + 1 >= points.length) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, 1000 / rate);
    return () => clearInterval(timer);
  }, [playing, rate, points.length]);
  useEffect(() => {
    onRoute(q.data ? { route: q.data, index } : null);
  }, [q.data, index, onRoute]);
  const chart = useMemo(() => speedOption(points, t('replay.chart')), [points, t]);
  const current = points[index];
  return (
    <Card
      size="small"
      className="fd-gps-replay"
      title={t('replay.title', { plate: car.plate ?? car.imei })}
      extra={
        <Button size="small" onClick={onClose}>
          {t('replay.close')}
        </Button>
      }
    >
      <Space wrap>
        <Radio.Group
          size="small"
          optionType="button"
          aria-label={t('replay.quick')}
          value={quick}
          onChange={(e) => {
            const r = e.target.value as QuickRange;
            setQuick(r);
            setRange(quickRange(r, dayjs()));
          }}
          options={QUICK_RANGES.map((r) => ({ value: r, label: t(`replay.${r}`) }))}
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          data-testid="replay-range"
          onChange={(v) => {
            if (!v || !v[0] || !v[1]) return;
            setQuick(null);
            setRange([v[0], v[1]]);
          }}
          presets={[
            { label: t('replay.lastSeenDay'), value: replayDay(car.fixTime, dayjs()) },
            { label: t('replay.lastHour'), value: [dayjs().subtract(1, 'hour'), dayjs()] },
            { label: t('replay.today'), value: [dayjs().startOf('day'), dayjs()] },
          ]}
        />
        <Button
          type="primary"
          icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          disabled={!points.length}
          onClick={() => {
            if (!playing && index >= points.length - 1) setIndex(0);
            setPlaying(!playing);
          }}
          data-testid="replay-play"
        >
          {playing ? t('replay.pause') : t('replay.play')}
        </Button>
        <Select
          aria-label={t('replay.speed')}
          value={rate}
          onChange={setRate}
          options={[1, 4, 8, 16, 64].map((r) => ({ value: r, label: `×${r}` }))}
        />
        <span>{t('replay.points', { n: points.length })}</span>
        {q.data && <span>{t('replay.distance', { km: q.data.distance })}</span>}
      </Space>
      {q.data?.message && <div className="fd-gps-warn">{q.data.message}</div>}
      {points.length ? (
        <>
          <Slider
            min={0}
            max={Math.max(0, points.length - 1)}
            value={index}
            onChange={(v) => {
              setPlaying(false);
              setIndex(v);
            }}
            tooltip={{ formatter: (v) => (v !== undefined && points[v] ? fmt(points[v].t) : '') }}
            data-testid="replay-slider"
          />
          {current && (
            <div className="fd-gps-now" data-testid="replay-now" data-index={index}>
              {fmt(current.t)} · {current.speed} km/h
            </div>
          )}
          <EChart option={chart} height={140} label={t('replay.chart')} />
          <Tabs
            size="small"
            items={[
              {
                key: 'trips',
                label: `${t('replay.trips')} (${q.data!.trips.length})`,
                children: (
                  <List
                    size="small"
                    dataSource={q.data!.trips}
                    renderItem={(r) => (
                      <List.Item>
                        {t('replay.tripRow', {
                          start: dayjs(r.start).format('HH:mm'),
                          end: dayjs(r.end).format('HH:mm'),
                          km: r.distance,
                          max: Math.round(r.maxSpeed),
                        })}
                      </List.Item>
                    )}
                  />
                ),
              },
              {
                key: 'stops',
                label: `${t('replay.stops')} (${q.data!.stops.length})`,
                children: (
                  <List
                    size="small"
                    dataSource={q.data!.stops}
                    renderItem={(s) => (
                      <List.Item>
                        {t('replay.stopRow', {
                          start: dayjs(s.start).format('HH:mm'),
                          minutes: Math.round(s.durationSeconds / 60),
                        })}
                      </List.Item>
                    )}
                  />
                ),
              },
            ]}
          />
        </>
      ) : (
        !q.isLoading && <Empty description={t('replay.empty')} />
      )}
    </Card>
  );
}

function LiveMap() {
  const { t } = useTranslation('gps');
  const { cars, streaming } = useLiveCars();
  const settings = useQuery(mapSettingsQuery());
  const [tiles, setTiles] = useState<Tiles | null>(null);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<DeviceStatus | 'all'>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);
  const [route, setRoute] = useState<{ route: Route; index: number } | null>(null);
  const shownTiles: Tiles = tiles ?? settings.data?.mapTiles ?? 'none';
  const counts = useMemo(() => {
    const out: Record<string, number> = {};
    for (const c of cars) out[c.status] = (out[c.status] ?? 0) + 1;
    return out;
  }, [cars]);
  const shown = useMemo(() => {
    const k = keyword.trim().toUpperCase();
    return cars.filter(
      (c) =>
        (status === 'all' || c.status === status) &&
        (!k || (c.plate ?? '').toUpperCase().includes(k) || c.imei.includes(k)),
    );
  }, [cars, keyword, status]);
  // `?imei=<imei>` (a link to a tracker from elsewhere): select that car once the cars are known.
  const [params] = useSearchParams();
  const wanted = params.get('imei');
  useEffect(() => {
    if (!wanted) return;
    const hit = cars.find((c) => c.imei === wanted);
    if (hit) setSelected(hit.deviceId);
  }, [wanted, cars.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- once per address, not per move
  const car = cars.find((c) => c.deviceId === selected) ?? null;
  // Cars with an open risk case: a ring on the map and a link in the drawer.
  const risk = useQuery(openRiskCasesQuery(useAccess().can('riskGpsMap:view')));
  const riskByCar = useMemo(() => new Map((risk.data?.rows ?? []).map((r) => [r.carId, r])), [risk.data]);
  const riskCars = useMemo(() => new Set(riskByCar.keys()), [riskByCar]);
  const carRisk = car?.carId == null ? undefined : riskByCar.get(car.carId);
  return (
    <div className="fd-gps-live">
      <div className="fd-gps-side">
        <Input.Search
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={() => shown[0] && setSelected(shown[0].deviceId)}
        />
        <Segmented
          size="small"
          block
          value={status}
          onChange={(v) => setStatus(v as DeviceStatus | 'all')}
          options={[
            { value: 'all', label: t('chip.all', { n: cars.length }) },
            ...STATUSES.filter((s) => s !== 'never').map((s) => ({
              value: s,
              label: (
                <span className="fd-gps-status-chip" data-testid={`gps-count-${s}`}>
                  <Badge color={STATUS_COLOURS[s]} /> {t(`chip.${s}`)} {counts[s] ?? 0}
                </span>
              ),
            })),
          ]}
        />
        <List
          size="small"
          className="fd-gps-list"
          dataSource={shown}
          pagination={
            shown.length > LIST_PAGE ? { pageSize: LIST_PAGE, size: 'small', simple: true, align: 'center' } : false
          }
          renderItem={(c) => (
            <List.Item
              className={c.deviceId === selected ? 'fd-gps-item fd-gps-item-on' : 'fd-gps-item'}
              onClick={() => setSelected(c.deviceId)}
              data-testid={`gps-car-${c.plate ?? c.imei}`}
            >
              <Space>
                <Badge color={STATUS_COLOURS[c.status]} />
                <b>{c.plate ?? c.imei}</b>
              </Space>
              <span>
                {c.alarms.length > 0 && (
                  <Tag color="red">{t(`alarm.${c.alarms[0]}`, { defaultValue: t('alarm.other') })}</Tag>
                )}
                <SpeedText car={c} />
              </span>
            </List.Item>
          )}
        />
      </div>
      <div className="fd-gps-main">
        <div className="fd-gps-toolbar">
          <Space>
            <span>{t('tiles.label')}</span>
            <Segmented
              size="small"
              value={shownTiles}
              onChange={(v) => setTiles(v as Tiles)}
              options={(['amap', 'osm', 'none'] as const).map((v) => ({ value: v, label: t(`tiles.${v}`) }))}
            />
            <Tag color={streaming ? 'green' : 'default'} data-testid="gps-live-state">
              {streaming ? t('live.connected') : t('live.polling')}
            </Tag>
            <span>{t('count', { n: shown.length })}</span>
          </Space>
        </div>
        <GpsMap
          cars={replaying ? [] : shown}
          tiles={shownTiles}
          selected={selected}
          onSelect={setSelected}
          route={replaying && route ? { points: route.route.points, index: route.index } : null}
          label={t('tabs.map')}
          riskCars={riskCars}
        />
        {replaying && car && (
          <Replay
            car={car}
            onRoute={setRoute}
            onClose={() => {
              setReplaying(false);
              setRoute(null);
            }}
          />
        )}
      </div>
      <Drawer
        open={car !== null && !replaying}
        mask={false}
        width={340}
        title={car ? t('drawer.title', { plate: car.plate ?? car.imei }) : ''}
        onClose={() => setSelected(null)}
      >
        {car && (
          <>
            <Descriptions column={1} size="small" data-testid="gps-drawer">
              <Descriptions.Item label={t('drawer.status')}>
                <Badge color={STATUS_COLOURS[car.status]} text={t(`status.${car.status}`)} />
              </Descriptions.Item>
              {car.carId !== null && (
                <Descriptions.Item label={t('device.plate')}>
                  <CarLink id={car.carId} plate={car.plate} />
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('drawer.device')}>
                <DeviceLink imei={car.imei} />
              </Descriptions.Item>
              <Descriptions.Item label={t('drawer.fix')}>{fmt(car.fixTime)}</Descriptions.Item>
              <Descriptions.Item label={t('drawer.position')}>
                {car.lat.toFixed(6)}, {car.lon.toFixed(6)}
              </Descriptions.Item>
              <Descriptions.Item label={t('drawer.speed')}>
                <span data-testid="gps-drawer-speed">
                  <SpeedText car={car} />
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('drawer.course')}>{car.course}°</Descriptions.Item>
              <Descriptions.Item label={t('drawer.mileage')}>
                {car.mileage === null ? '-' : `${car.mileage} km`}
              </Descriptions.Item>
              <Descriptions.Item label={t('drawer.alarms')}>
                <AlarmTags alarms={car.alarms} />
              </Descriptions.Item>
              {carRisk && (
                <Descriptions.Item label={t('gps-risk:map.openCase')}>
                  <RiskCaseLink id={carRisk.id}>
                    <span data-testid="gps-drawer-risk">
                      <Tag color="red">{t(`gps-risk:rule.${carRisk.rule}`)}</Tag>
                      {t(`gps-risk:state.${carRisk.state}`)}
                    </span>
                  </RiskCaseLink>
                </Descriptions.Item>
              )}
            </Descriptions>
            <Button
              type="primary"
              block
              className="fd-gps-replay-button"
              onClick={() => setReplaying(true)}
              data-testid="gps-replay"
            >
              {t('drawer.replay')}
            </Button>
            <div className="fd-gps-replay-button">
              <CommandButton device={{ id: car.deviceId, name: car.plate ?? car.imei }} block />
            </div>
          </>
        )}
      </Drawer>
    </div>
  );
}

function Devices() {
  const { t } = useTranslation('gps');
  const { modal, message } = App.useApp();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const q = useQuery(devicesQuery({ ...paging, ...(keyword ? { keyword } : {}) }));
  const access = useAccess();
  const [editing, setEditing] = useState<{ device: Device | null } | null>(null);
  const [binding, setBinding] = useState<Device | null>(null);
  const [bindingUser, setBindingUser] = useState<Device | null>(null);
  const [quick, setQuick] = useState(false);
  const unbind = useUnbind();
  const userUnbind = useUserUnbind();
  const resetIdentity = useResetIdentity();
  const newSecret = useNewOsmandSecret();
  const check = async (d: Device) => {
    const r = await checkInstall(d.id);
    modal.info({
      title: t('device.installTitle', { imei: d.imei }),
      content: (
        <List
          size="small"
          dataSource={r.checks}
          renderItem={(c) => (
            <List.Item>
              <Tag color={c.ok ? 'green' : 'red'}>{c.ok ? '✓' : '✗'}</Tag> {c.message}
            </List.Item>
          )}
        />
      ),
    });
  };
  return (
    <>
      <Space className="fd-gps-device-bar">
        {access.can('riskGpsMap:add') && (
          <Button type="primary" onClick={() => setEditing({ device: null })}>
            {t('actions.add')}
          </Button>
        )}
        {access.can('riskGpsMap:bind') && <Button onClick={() => setQuick(true)}>{t('actions.quick')}</Button>}
      </Space>
      <DeviceForm open={editing !== null} device={editing?.device ?? null} onClose={() => setEditing(null)} />
      <BindCar device={binding} onClose={() => setBinding(null)} />
      <BindUser device={bindingUser} onClose={() => setBindingUser(null)} />
      <QuickUserBind open={quick} onClose={() => setQuick(false)} />
      <Input.Search
        allowClear
        className="fd-gps-device-search"
        placeholder={t('search')}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      />
      <Table<Device>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('device.imei'), dataIndex: 'imei', render: (v: string) => <DeviceLink imei={v} /> },
          { title: t('device.model'), dataIndex: 'model' },
          {
            title: t('device.protocol'),
            dataIndex: 'protocol',
            render: (p: Device['protocol']) => t(`device.protocols.${p}`),
          },
          { title: t('device.sim'), dataIndex: 'sim', render: (v: string | null) => v ?? '-' },
          {
            title: t('device.plate'),
            dataIndex: 'plate',
            render: (v: string | null, d) => (v ? <CarLink id={d.carId} plate={v} /> : '-'),
          },
          { title: t('device.rent'), dataIndex: 'rentName' },
          { title: t('device.user'), dataIndex: 'userName', render: (v: string | null) => v ?? '-' },
          {
            title: t('device.status'),
            dataIndex: 'status',
            render: (s: DeviceStatus) => <Badge color={STATUS_COLOURS[s]} text={t(`status.${s}`)} />,
          },
          {
            title: t('device.lastFix'),
            render: (_: unknown, d) => (
              <>
                {d.last ? fmt(d.last.fixTime) : '-'}
                {d.rejectedFuture + d.rejectedRange > 0 && (
                  <Tag color="orange" title={d.rejectedAt ? fmt(d.rejectedAt) : undefined}>
                    {t('device.rejected', { future: d.rejectedFuture, range: d.rejectedRange })}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: '',
            render: (_: unknown, d) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => void check(d)}>
                  {t('device.install')}
                </Button>
                {d.protocol === 'jt808' && (
                  <CommandButton size="small" device={{ id: d.id, name: d.plate ?? d.imei }} />
                )}
                {access.can('riskGpsMap:edit') && (
                  <Button size="small" onClick={() => setEditing({ device: d })}>
                    {t('actions.edit')}
                  </Button>
                )}
                {access.can('riskGpsMap:bind') &&
                  (d.carId ? (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('actions.unbindConfirm', { imei: d.imei, plate: d.plate ?? '' }),
                          onOk: () => unbind.mutateAsync(d.id),
                        })
                      }
                    >
                      {t('actions.unbind')}
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => setBinding(d)}>
                      {t('actions.bind')}
                    </Button>
                  ))}
                {access.can('riskGpsMap:identity') && d.protocol === 'jt808' && (
                  <Button
                    size="small"
                    onClick={() =>
                      modal.confirm({
                        title: t('actions.resetIdentityConfirm', { imei: d.imei }),
                        content: t('actions.resetIdentityHint'),
                        onOk: () =>
                          resetIdentity.mutateAsync(d.id).then(() => void message.success(t('actions.identityReset'))),
                      })
                    }
                  >
                    {t('actions.resetIdentity')}
                  </Button>
                )}
                {access.can('riskGpsMap:identity') && d.protocol === 'osmand' && (
                  <Button
                    size="small"
                    onClick={() =>
                      modal.confirm({
                        title: t('actions.newSecretConfirm', { imei: d.imei }),
                        onOk: () =>
                          newSecret.mutateAsync(d.id).then((r) => {
                            modal.success({
                              title: t('actions.newSecretDone', { imei: r.imei }),
                              content: t('actions.quickSetup', {
                                url: `${window.location.origin}${P.osmand}`,
                                secret: r.osmandSecret ?? '',
                              }),
                            });
                          }),
                      })
                    }
                  >
                    {t('actions.newSecret')}
                  </Button>
                )}
                {access.can('riskGpsMap:bind') &&
                  (d.userId ? (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('actions.userUnbindConfirm', { imei: d.imei, name: d.userName ?? '' }),
                          onOk: () =>
                            userUnbind.mutateAsync(d.id).then(() => void message.success(t('actions.userUnbound'))),
                        })
                      }
                    >
                      {t('actions.userUnbind')}
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => setBindingUser(d)}>
                      {t('actions.userBind')}
                    </Button>
                  ))}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

function BindHistory() {
  const { t } = useTranslation('gps');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 });
  const q = useQuery(bindHistoryQuery(paging));
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={q.data?.rows ?? []}
      pagination={{
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total: q.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
      }}
      columns={[
        { title: t('history.at'), dataIndex: 'at', render: (v: string) => fmt(v) },
        { title: t('device.imei'), dataIndex: 'imei', render: (v: string) => <DeviceLink imei={v} /> },
        { title: t('device.plate'), dataIndex: 'plate', render: (v: string, r) => <CarLink id={r.carId} plate={v} /> },
        {
          title: t('history.action'),
          dataIndex: 'action',
          render: (a: 'bind' | 'unbind') => <Tag color={a === 'bind' ? 'blue' : 'default'}>{t(`history.${a}`)}</Tag>,
        },
        { title: t('history.by'), dataIndex: 'userName', render: (v: string | null) => v ?? '-' },
        { title: t('history.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

/** `/riskGpsMap`: the live map with the car drawer and route replay, the device list and the bind records. */
export default function GpsMapPage() {
  const { t } = useTranslation('gps');
  return (
    <Tabs
      className="fd-gps-page"
      destroyOnHidden
      items={[
        { key: 'map', label: t('tabs.map'), children: <LiveMap /> },
        { key: 'devices', label: t('tabs.devices'), children: <Devices /> },
        { key: 'history', label: t('tabs.history'), children: <BindHistory /> },
      ]}
    />
  );
}

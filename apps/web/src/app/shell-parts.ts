import { lazyPage } from '../lib/lazy-page';
import type { RouteDef } from './routes';

/** The signed-in frame (antd, session loading, header) is one chunk that the sign-in screen never loads. */
const shell = () => import('./shell/shell');

export const AntdFrame = lazyPage<object>(() => shell().then((m) => ({ default: m.AntdFrame })));
export const SessionShell = lazyPage<object>(() => shell().then((m) => ({ default: m.SessionShell })));
export const HeaderLayout = lazyPage<object>(() => shell().then((m) => ({ default: m.HeaderLayout })));
/** The 404 page is its own chunk (antd Result), fetched when an unknown path is shown. */
export const NotFoundPage = lazyPage<object>(() =>
  import('./pages/result-page').then((m) => ({ default: m.NotFoundPage })),
);
export const GuardedScreen = lazyPage<{ route: RouteDef }>(() => shell().then((m) => ({ default: m.GuardedScreen })));
export const GroupRedirect = lazyPage<{ route: RouteDef }>(() => shell().then((m) => ({ default: m.GroupRedirect })));
